#!/usr/bin/env python3
"""Looks at the built tutorials as a participant does, where Chromium is installed
(`make tutorial-screenshots`): serves each edition's site (.build/tutorial, and the Chinese
.build/tutorial-zh-Hans) on 127.0.0.1, opens every tutorial
in headless Chromium, fails if a page is blank or says it "can't be found", and saves three
screenshots: the table of contents, a tutorial with its code pane in the middle of a section,
and a question answered wrongly, per edition; on the Chinese edition, a word of DocC's own English
fails too. Needs Debian's chromium (and fonts-noto-cjk for the Chinese
edition) and PyPI's websocket-client.
"""
import base64, http.server, json, os, shutil, socket, socketserver, subprocess, sys, tempfile, threading, time, urllib.request

try:
    import websocket  # websocket-client, for the DevTools protocol
except ImportError:
    sys.exit("error: needs websocket-client (pip install websocket-client)")

# Each edition's site, where to save its pictures, and whether it is the Chinese one.
EDITIONS = [(".build/tutorial", ".build/tutorial-screenshots", False),
            (".build/tutorial-zh-Hans", ".build/tutorial-screenshots/zh-Hans", True)]
# DocC's own English words, which a page of the Chinese edition must not show.
DOCC_ENGLISH = ["Get started", "Check Your Understanding", "Estimated Time", "Submit", "Next question",
                "Project files", "Possible answers", "Chapters"]

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]

class DevTools:
    def __init__(self, port):
        for _ in range(100):
            try:
                targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json"))
                page = next(t for t in targets if t["type"] == "page")
                break
            except Exception:
                time.sleep(0.1)
        self.ws = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=30)
        self.next_id = 0

    def call(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == self.next_id:
                return message.get("result", {})

    def evaluate(self, script):
        result = self.call("Runtime.evaluate", expression=script, awaitPromise=True, returnByValue=True)
        return result.get("result", {}).get("value")

    def open(self, url, ready="document.querySelector('main') && document.body.innerText.length > 200"):
        self.call("Page.navigate", url=url)
        for _ in range(100):
            time.sleep(0.1)
            if self.evaluate(f"!!({ready})"):
                time.sleep(0.5)
                return True
        return False

    def screenshot(self, path):
        data = self.call("Page.captureScreenshot", format="png")["data"]
        with open(path, "wb") as file:
            file.write(base64.b64decode(data))

def look_at(SITE, OUT, CHINESE):
    if not os.path.isdir(SITE):
        sys.exit(f"error: no {SITE}: run 'make tutorial' first")
    os.makedirs(OUT, exist_ok=True)
    port = free_port()
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=SITE, **kwargs)

        def log_message(self, *args):
            pass

    server = socketserver.TCPServer(("127.0.0.1", port), Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    devtools_port = free_port()
    profile = tempfile.mkdtemp(prefix="rxdemo-chromium-")
    chromium = subprocess.Popen(
        ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         f"--remote-debugging-port={devtools_port}", f"--user-data-dir={profile}", "--window-size=1280,1000",
         "about:blank"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    problems = []
    try:
        tools = DevTools(devtools_port)
        base = f"http://127.0.0.1:{port}/tutorials/rxdemo"
        if not tools.open(base):
            problems.append("the table of contents stays blank")
        tools.screenshot(f"{OUT}/table-of-contents.png")
        chapters = tools.evaluate("[...document.querySelectorAll('a[href*=\"/tutorials/rxdemo/step\"]')].map(a => a.getAttribute('href'))") or []
        pages = sorted(set(chapters))
        for page in pages:
            if not tools.open(f"http://127.0.0.1:{port}{page}"):
                problems.append(f"{page}: blank")
                continue
            text = tools.evaluate("document.body.innerText") or ""
            if "can't be found" in text or "can’t be found" in text:
                problems.append(f"{page}: \"can't be found\"")
            if CHINESE:
                problems += [f"{page}: DocC's English \"{word}\"" for word in DOCC_ENGLISH if word in text]
        # A tutorial with its code pane in the middle of a section: step 05, Map.swift.
        tools.open(f"{base}/step05")
        tools.evaluate("""(async () => {
            const heading = [...document.querySelectorAll('h2')].find(h => h.innerText.trim() === 'Map.swift');
            const steps = [...document.querySelectorAll('.step')].filter(s =>
                heading && (heading.compareDocumentPosition(s) & Node.DOCUMENT_POSITION_FOLLOWING));
            const target = steps[Math.min(2, steps.length - 1)];
            if (!target) return 0;
            // Scroll there step by step, as a reader does: the pane follows scroll events.
            const goal = target.getBoundingClientRect().top + window.scrollY - window.innerHeight / 2;
            for (let y = window.scrollY; y < goal; y += 120) {
                window.scrollTo(0, y);
                await new Promise(r => setTimeout(r, 60));
            }
            window.scrollTo(0, goal);
            await new Promise(r => setTimeout(r, 1500));
            return steps.length;
        })()""")
        time.sleep(1)
        tools.screenshot(f"{OUT}/code-pane-mid-step.png")
        # Every code step has a picture: its pane must not be titled "no preview".
        pane = tools.evaluate("document.body.innerText") or ""
        problems += [f"step05, code pane: titled \"{word}\" while it shows a picture"
                     for word in ["No Preview", "无预览"] if word in pane]
        # A question answered wrongly: the first wrong choice of step 06's first question, as its
        # page's data says (`isCorrect`), clicked and submitted.
        tools.open(f"{base}/step06")
        wrong = tools.evaluate("""(async () => {
            const pause = () => new Promise(r => setTimeout(r, 600));
            const data = await (await fetch('/data/tutorials/rxdemo/step06.json')).json();
            const section = data.sections.find(s => s.kind === 'assessments');
            const index = section.assessments[0].choices.findIndex(c => !c.isCorrect);
            const choice = document.querySelectorAll('.choice')[index];
            if (!choice) return false;
            choice.scrollIntoView({block: 'center'});
            choice.click();
            await pause();
            const submit = [...document.querySelectorAll('button')].find(b => /submit|提交/i.test(b.innerText));
            if (submit) submit.click();
            await pause();
            const marked = document.querySelectorAll('.choice')[index];
            marked.scrollIntoView({block: 'center'});
            return marked.classList.contains('incorrect');
        })()""")
        if not wrong:
            problems.append("step06: its first question's wrong choice was not marked wrong")
        time.sleep(1)
        tools.screenshot(f"{OUT}/answered-question.png")
        if CHINESE:
            text = tools.evaluate("document.body.innerText") or ""
            problems += [f"step06, answered: DocC's English \"{word}\"" for word in DOCC_ENGLISH if word in text]
        print(f"{SITE}: looked at the table of contents and {len(pages)} tutorials")
    finally:
        chromium.terminate()
        chromium.wait()
        server.shutdown()
        shutil.rmtree(profile, ignore_errors=True)
    for problem in problems:
        print(f"error: {SITE}: {problem}")
    if not problems:
        print(f"every page of {SITE} renders; screenshots in {OUT}/")
    return 1 if problems or not pages else 0

sys.exit(max([look_at(site, out, chinese) for site, out, chinese in EDITIONS]))
