#!/usr/bin/env python3
"""Renders every Mermaid diagram of Docs/*.md to Docs/diagrams/<page>-<n>.png for the DocC
tutorial, which shows images but not Mermaid, and writes Docs/diagrams/stamps.txt: one line per
diagram with a hash of its source, so that `make check-docs` can tell a stale picture without
rendering anything.

It drives Mermaid with headless Chromium, offline, through the diagram renderer shipped beside
the project (../shared/tools/diagrams, or RXDEMO_DIAGRAM_RENDERER): only a maintainer who
changes a diagram runs it (`make diagrams`); building the tutorial needs nothing but the PNGs.
"""
import json, os, re, subprocess, sys, tempfile

def fnv1a(text):
    h = 0xcbf29ce484222325
    for byte in text.encode("utf-8"):
        h = ((h ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return format(h, "x")

def main():
    root = os.getcwd()
    renderer = os.environ.get("RXDEMO_DIAGRAM_RENDERER") or os.path.join(root, "..", "shared", "tools", "diagrams", "render")
    if not os.path.exists(renderer):
        sys.exit(f"error: no diagram renderer at {renderer}; set RXDEMO_DIAGRAM_RENDERER to its 'render' script")
    out = tempfile.mkdtemp(prefix="rxdemo-diagrams-")
    subprocess.run([renderer, "Docs", out], check=True, stdout=subprocess.DEVNULL)
    index = json.load(open(os.path.join(out, "index.json")))
    target = os.path.join("Docs", "diagrams")
    os.makedirs(target, exist_ok=True)
    for old in os.listdir(target):
        os.remove(os.path.join(target, old))
    stamps = []
    for diagram in index:
        name = diagram["name"]
        page = open(os.path.join(out, "html", f"{name}.natural.html")).read()
        # The renderer's page without its label and dashed frame: just the diagram.
        page = re.sub(r'<div id="hdr">.*?</div>', "", page, flags=re.S).replace("border: 1px dashed #ccc;", "")
        clean = os.path.join(out, "html", f"{name}.clean.html")
        open(clean, "w").write(page)
        meta = json.load(open(os.path.join(out, "meta", f"{name}.natural.json")))
        width, height = (meta.get("shownW") or 800) + 32, (meta.get("shownH") or 400) + 32
        subprocess.run(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             "--allow-file-access-from-files", "--virtual-time-budget=5000",
             f"--screenshot={os.path.join(root, target, name + '.png')}", f"--window-size={width},{height}",
             "file://" + clean],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        stamps.append(f"{name} {fnv1a(diagram_source(diagram))}")
    open(os.path.join(target, "stamps.txt"), "w").write("\n".join(stamps) + "\n")
    print(f"rendered {len(stamps)} diagrams into {target}/")

def diagram_source(diagram):
    """The text of the diagram's ```mermaid block, as DocsGenerator reads it."""
    lines = open(os.path.join("Docs", diagram["page"] + ".md")).read().split("\n")
    start = diagram["line"]  # the opening fence, 1-based: the body starts at this 0-based index
    body = []
    for line in lines[start:]:
        if line.strip() == "```":
            break
        body.append(line)
    return "\n".join(body)

main()
