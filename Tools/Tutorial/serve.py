#!/usr/bin/env python3
"""`make tutorial-preview`: serves the built DocC tutorial of the course's language on 127.0.0.1.

The language is the workshop's: COURSE_LANG (en, zh-Hans), else the locale (LC_ALL, LC_MESSAGES,
LANG starting with "zh"). `/` goes to the table of contents; a port that is taken gives the next
free one, said in one line. Ctrl-C stops it.
"""
import functools
import http.server
import os
import sys


def chinese():
    chosen = os.environ.get("COURSE_LANG", "")
    if chosen:
        return chosen.lower().startswith("zh")
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if os.environ.get(name):
            return os.environ[name].lower().startswith("zh")
    return False


def say(english, chinese_text):
    print(chinese_text if chinese() else english, flush=True)


class Handler(http.server.SimpleHTTPRequestHandler):
    # DocC's site has no page at "/": send the reader to the table of contents.
    def do_GET(self):
        if self.path in ("/", "/index.html", "/tutorials", "/tutorials/"):
            self.send_response(302)
            self.send_header("Location", "/tutorials/rxdemo")
            self.end_headers()
            return
        super().do_GET()

    def log_message(self, format, *args):
        pass


def main():
    site = ".build/tutorial-zh-Hans" if chinese() else ".build/tutorial"
    wanted = sys.argv[1] if len(sys.argv) > 1 and sys.argv[1] else "8000"
    if not wanted.isdigit() or not 0 < int(wanted) < 65536:
        say(f"error: PORT={wanted} is not a port; say a number such as PORT=8000",
            f"错误：PORT={wanted} 不是端口号；请给出一个数字，例如 PORT=8000")
        return 2
    if not os.path.isdir(site):
        say(f"error: {site} is not built yet: run 'make tutorial' first",
            f"错误：还没有构建 {site}：先运行 make tutorial")
        return 2
    handler = functools.partial(Handler, directory=site)
    first = int(wanted)
    for port in range(first, min(first + 20, 65536)):
        try:
            server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
        except OSError:
            continue
        url = f"http://127.0.0.1:{port}/tutorials/rxdemo"
        if port != first:
            say(f"Port {first} is taken; serving on {port} instead: {url}   (Ctrl-C stops)",
                f"端口 {first} 已被占用，改用 {port}：{url}   （按 Ctrl-C 停止）")
        else:
            say(f"The tutorial: {url}   (Ctrl-C stops)", f"教程：{url}   （按 Ctrl-C 停止）")
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            say("Stopped.", "已停止。")
        return 0
    say(f"error: ports {first} to {first + 19} are all taken: choose another, e.g. PORT=9000",
        f"错误：端口 {first} 到 {first + 19} 都被占用了：换一个，例如 PORT=9000")
    return 2


if __name__ == "__main__":
    sys.exit(main())
