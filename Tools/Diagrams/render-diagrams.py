#!/usr/bin/env python3
"""`make diagrams`: renders every Mermaid diagram of the pages to a PNG for the DocC tutorials,
which show images but not Mermaid. English pages (Docs/*.md) go to Docs/diagrams/<page>-<n>.png,
Chinese ones (Docs/zh-Hans/*.md) to Docs/diagrams/zh-Hans/<page>-<n>.png; each folder gets a
stamps.txt with a hash of every diagram's source, so that `make check-docs` tells a stale
picture without rendering anything. Only diagrams whose source changed (or whose picture is
missing) are rendered again, so a new page adds its own pictures and touches no other;
ALL=1 renders every one.

The renderer, in this order:
  mmdc         Mermaid's own CLI, where it is installed (npm install -g @mermaid-js/mermaid-cli)
  MERMAID_JS   otherwise, a released mermaid.min.js (any path) that headless Chromium runs,
               offline: https://cdn.jsdelivr.net/npm/mermaid@11/dist/mermaid.min.js
Chinese labels need a CJK font (Debian: apt-get install fonts-noto-cjk). Only a maintainer who
changes a diagram runs this; building the tutorials needs nothing but the committed PNGs.
"""
import html, os, re, shutil, subprocess, sys, tempfile

EDITIONS = [("Docs", os.path.join("Docs", "diagrams")), (os.path.join("Docs", "zh-Hans"), os.path.join("Docs", "diagrams", "zh-Hans"))]
HOW_TO_GET = """either install Mermaid's CLI (npm install -g @mermaid-js/mermaid-cli, which gives mmdc),
       or download a released mermaid.min.js and name it:
         curl -Lo /tmp/mermaid.min.js https://cdn.jsdelivr.net/npm/mermaid@11/dist/mermaid.min.js
         make diagrams MERMAID_JS=/tmp/mermaid.min.js      (needs Chromium too)"""


def fnv1a(text):
    """The hash DocsGenerator compares (Tools/DocsGenerator/Tutorial.swift)."""
    h = 0xcbf29ce484222325
    for byte in text.encode("utf-8"):
        h = ((h ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return format(h, "x")


def diagrams(folder):
    """(name, source) for every ```mermaid block of folder/*.md, numbered per page from 1."""
    found = []
    for page in sorted(p for p in os.listdir(folder) if p.endswith(".md")):
        lines = open(os.path.join(folder, page), encoding="utf-8").read().split("\n")
        number, body = 0, None
        for line in lines:
            if body is None and line.strip() == "```mermaid":
                number, body = number + 1, []
            elif body is not None and line.strip() == "```":
                found.append((f"{page[:-3]}-{number}", "\n".join(body)))
                body = None
            elif body is not None:
                body.append(line)
    return found


def find_chromium():
    for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]:
        if shutil.which(name):
            return shutil.which(name)
    mac = "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"
    return mac if os.path.exists(mac) else None


def page_html(source, mermaid_js):
    # Mermaid draws into the page; the script then pins the picture to its natural size and puts
    # that size (or the error) in the title, which the first Chromium run reads.
    return f"""<!doctype html><html><head><meta charset="utf-8"><title>rendering</title>
<style>body {{ margin: 16px; background: #fff; }}</style></head><body>
<pre class="mermaid">{html.escape(source)}</pre>
<script src="file://{mermaid_js}"></script>
<script>
mermaid.initialize({{ startOnLoad: false, theme: "default" }});
mermaid.run({{ querySelector: ".mermaid" }}).then(() => {{
  const svg = document.querySelector("svg"), box = svg.viewBox.baseVal;
  svg.style.maxWidth = "none";
  svg.setAttribute("width", box.width); svg.setAttribute("height", box.height);
  document.title = "size " + Math.ceil(box.width) + " " + Math.ceil(box.height);
}}).catch(error => {{ document.title = "error " + error; }});
</script></body></html>"""


def render_with_chromium(chromium, mermaid_js, name, source, png, scratch):
    page = os.path.join(scratch, name + ".html")
    open(page, "w", encoding="utf-8").write(page_html(source, mermaid_js))
    flags = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--allow-file-access-from-files", "--virtual-time-budget=10000"]
    dom = subprocess.run(flags + ["--dump-dom", "file://" + page], capture_output=True, text=True, timeout=120).stdout
    title = re.search(r"<title>(.*?)</title>", dom, re.S)
    size = re.match(r"size (\d+) (\d+)", title.group(1)) if title else None
    if not size:
        raise RuntimeError(f"{name}: Mermaid did not draw it ({html.unescape(title.group(1)) if title else 'no page'})")
    width, height = int(size.group(1)) + 32, int(size.group(2)) + 32
    subprocess.run(flags + [f"--screenshot={png}", f"--window-size={width},{height}", "file://" + page],
                   check=True, capture_output=True, timeout=120)


def render_with_mmdc(name, source, png, scratch):
    source_file = os.path.join(scratch, name + ".mmd")
    open(source_file, "w", encoding="utf-8").write(source)
    result = subprocess.run(["mmdc", "-i", source_file, "-o", png, "-b", "white", "-q"], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"{name}: mmdc failed: {result.stderr.strip()}")


def main():
    mermaid_js = os.environ.get("MERMAID_JS", "")
    chromium = None
    if shutil.which("mmdc"):
        renderer = "mmdc"
    elif mermaid_js:
        if not os.path.isfile(mermaid_js):
            sys.exit(f"error: MERMAID_JS={mermaid_js} is not a file; it names a released mermaid.min.js:\n       {HOW_TO_GET}")
        chromium = find_chromium()
        if not chromium:
            sys.exit("error: MERMAID_JS needs headless Chromium (Debian: apt-get install chromium; macOS: Google Chrome)")
        mermaid_js = os.path.abspath(mermaid_js)
        renderer = f"Chromium with {mermaid_js}"
    else:
        sys.exit(f"error: make diagrams needs Mermaid: {HOW_TO_GET}")
    if shutil.which("fc-list") and "CJK" not in subprocess.run(["fc-list"], capture_output=True, text=True).stdout:
        print("warning: no CJK font: the Chinese diagrams' labels will be boxes (Debian: apt-get install fonts-noto-cjk)",
              file=sys.stderr)
    scratch = tempfile.mkdtemp(prefix="rxdemo-diagrams-")
    total = 0
    for pages, target in EDITIONS:
        if not os.path.isdir(pages):
            continue
        os.makedirs(target, exist_ok=True)
        stamps_path = os.path.join(target, "stamps.txt")
        previous = {} if os.environ.get("ALL") else dict(
            line.split(" ", 1) for line in open(stamps_path).read().splitlines()
            if " " in line and not line.startswith("#")) if os.path.isfile(stamps_path) else {}
        current = diagrams(pages)
        names = {name + ".png" for name, _ in current}
        for old in os.listdir(target):
            if old.endswith(".png") and old not in names:
                os.remove(os.path.join(target, old))
        stamps = []
        rendered = 0
        for name, source in current:
            png = os.path.abspath(os.path.join(target, name + ".png"))
            stamps.append(f"{name} {fnv1a(source)}")
            if previous.get(name) == fnv1a(source) and os.path.isfile(png):
                continue
            rendered += 1
            try:
                if chromium:
                    render_with_chromium(chromium, mermaid_js, name, source, png, scratch)
                else:
                    render_with_mmdc(name, source, png, scratch)
            except (RuntimeError, subprocess.SubprocessError) as error:
                sys.exit(f"error: {error}")
        open(stamps_path, "w").write(
            "# Generated by make diagrams (Tools/Diagrams/render-diagrams.py); do not edit.\n" + "\n".join(stamps) + "\n")
        print(f"{pages}/: rendered {rendered} of its {len(stamps)} diagrams into {target}/ (the others were current)")
        total += rendered
    shutil.rmtree(scratch, ignore_errors=True)
    print(f"{total} diagrams rendered, by {renderer}")


main()
