#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Docs that cannot drift silently (issue 35): a figure or a state in the
# repository's Markdown is dated by its CPU, command and commit, never by
# narration ("this session", "before this", ...), which is true only on the
# day it was written.  This greps every tracked Markdown file for the dating
# phrases below, case-insensitively and as whole words, prints each hit as
# FILE:LINE:TEXT and fails when there is one.
#
# Code comments likewise (issue 43): in every tracked C, header, Java, CMake,
# shell and Python file, a comment that states a timing or speed figure (a
# ratio such as "1.3x" or "~30x", a duration in ns, us, ms, s or minutes,
# cycles, a rate in ops/s, a percentage faster or slower) fails unless the
# comment names a CPU (Zen 3, Xeon, Emerald Rapids, ...) and a commit (7 to 40
# hex digits), or points to docs/performance.md, where figures are logged
# with their CPU, command and commit.  A comment is a /* */ comment, or a run
# of //- or #-comments on consecutive lines, cut at its blank lines.  A
# duration that is a setting, not a measurement (after "every", "at most",
# "bounded to", "timeout", ...), and an equation's term (x2 = 2x) are not
# figures.  Each hit prints as FILE:LINE:TEXT [the figure].
#
#   bash scripts/check-narration.sh [DIR]      (DIR: a git work tree; default:
#                                              the one holding this script)
#
# Exit status: 0 nothing found, 1 phrases or undated figures found, 77
# (CTest's skip) when DIR is not a git work tree (a tree copied without .git
# has no tracked files).  Rewrite a hit by naming the commit (and the CPU and
# command of a figure), e.g. "at commit abc1234 ...; at commit def5678, after
# <what changed> ..."; a figure in a comment whose CPU is not known goes to
# docs/performance.md with its commit, the comment keeping a pointer there.
set -euo pipefail

dir=${1:-"$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"}
phrases=(
  'this session'
  'previous session'
  'earlier session'
  'last session'
  'this run'
  'the last run'
  'before this'
  'after this'
  'so far'
  'latest figures'
  'until now'
)

if ! git -C "$dir" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  echo "check-narration: $dir is not a git work tree; nothing to check" >&2
  exit 77
fi

# One regex: the phrases as whole words, the space between two words matching
# any run of white space, line breaks included, so that a phrase wrapped onto
# the next line is found too (reported at the line where it starts).
pattern=''
for p in "${phrases[@]}"; do
  pattern+="${pattern:+|}${p// /\\s+}"
done

mapfile -d '' files < <(git -C "$dir" ls-files -z -- '*.md')
mapfile -d '' sources < <(git -C "$dir" ls-files -z -- '*.c' '*.h' '*.java' '*.py' '*.sh' \
  '*.cmake' '*CMakeLists.txt' '.ci/run')
status=0

if [ "${#files[@]}" -eq 0 ]; then
  echo "check-narration: no tracked Markdown files in $dir"
else
  hits=$(cd "$dir" && PATTERN="$pattern" perl -e '
    my $re = qr/\b(?:$ENV{PATTERN})\b/i;
    for my $f (@ARGV) {
      next unless -f $f;
      open(my $fh, "<", $f) or die "check-narration: $f: $!\n";
      local $/; my $text = <$fh>; close $fh;
      my @lines = split /\n/, $text, -1;
      my %seen;
      while ($text =~ /$re/g) {
        my $line = 1 + (substr($text, 0, $-[0]) =~ tr/\n//);
        next if $seen{$line}++;
        print "$f:$line:$lines[$line - 1]\n";
      }
    }' -- "${files[@]}")
  if [ -n "$hits" ]; then
    printf '%s\n' "$hits"
    count=$(printf '%s\n' "$hits" | wc -l)
    echo "check-narration: $count line(s) date a figure or a state by narration;" \
         "name the commit (and CPU, command) instead" >&2
    status=1
  else
    echo "check-narration: ${#files[@]} tracked Markdown files, no dating phrase"
  fi
fi

if [ "${#sources[@]}" -eq 0 ]; then
  echo "check-narration: no tracked source files in $dir"
  exit "$status"
fi
figures=$(cd "$dir" && python3 - "${sources[@]}" <<'PY'
import io
import re
import sys
import tokenize

NUM = r"~?\d+(?:[.,]\d+)?(?:\s*(?:-|to|–)\s*~?\d+(?:[.,]\d+)?)?\s*[kKM]?"
FIGURE = re.compile(
    r"(?<![\w.])" + NUM + r"\s?(?:[xX]|×)(?![\w'])"
    r"|(?:(?<![\w.])" + NUM + r"|\bN)\s?(?:ns|us|µs|μs|ms|s|sec|seconds?|minutes?|min|hours?|h)(?![\w'])"
    r"|(?<![\w.])" + NUM + r"\s*(?:cycles|clocks|ops/s|sig(?:natures?)?/s|cycles/byte|cpb)\b"
    r"|\bcycles\b"
    r"|(?<![\w.])" + NUM + r"\s*%\s+(?:faster|slower|quicker|speed-?up|less time|more time|of the time)\b"
    r"|\b(?:faster|slower|quicker)\s+by\s+~?\d")
NOT_A_FIGURE = re.compile(
    r"(?:=\s*|\b(?:every|bounded to|at most|up to|timeout|time-out|limit(?:ed)? to|"
    r"limit of|after|within|waits?(?: for)?|sleeps?(?: for)?)\s+)$", re.I)
CPU = re.compile(
    r"\b(?:AMD|Intel|EPYC|Ryzen|Threadripper|Xeon|Core\s+i[3579]|Zen\s?\d|Skylake|Ice\s?Lake|"
    r"Cascade\s?Lake|Cooper\s?Lake|(?:Sapphire|Emerald|Granite)\s+Rapids|Haswell|Broadwell|"
    r"(?:Tiger|Alder|Raptor|Meteor)\s?Lake|Graviton\d*|Neoverse|Ampere|Apple\s+M\d|"
    r"Cortex-[AX]\d+|POWER\d+)\b", re.I)
COMMIT = re.compile(r"\b(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b")
POINTER = re.compile(r"docs/performance\.md|\bperformance\.md\b")
BLANK = re.compile(r"^\s*(?:/\*+|\*+/?|//+|#+)?\s*$")


def figure(src):
    for m in FIGURE.finditer(src):
        if not NOT_A_FIGURE.search(src[:m.start()]):
            return m.group(0).strip()
    return None


def c_comments(text):
    """(first line, text) of each /* */ comment and each run of // comments
    on consecutive lines; string and character literals are skipped."""
    blocks, run, i, n, line = [], None, 0, len(text), 1
    while i < n:
        ch = text[i]
        if ch == "\n":
            line += 1
            i += 1
        elif ch in "\"'":
            j = i + 1
            while j < n and text[j] != ch and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            line += text.count("\n", i, j)
            i = j + 1
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            blocks.append([line, line, text[i:j]])
            line += text.count("\n", i, j)
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            if run is not None and run[1] == line - 1 and blocks[-1] is run:
                run[1], run[2] = line, run[2] + "\n" + text[i:j]
            else:
                run = [line, line, text[i:j]]
                blocks.append(run)
            i = j
        else:
            i += 1
    return [(b[0], b[2]) for b in blocks]


def hash_comments(text, python):
    """(first line, text) of each run of # comments on consecutive lines
    (shell, CMake, Python; a first line's #! is not one)."""
    found = []
    if python:
        try:
            for tok in tokenize.generate_tokens(io.StringIO(text).readline):
                if tok.type == tokenize.COMMENT:
                    found.append((tok.start[0], tok.string))
        except (tokenize.TokenError, SyntaxError):
            found, python = [], False
    if not python:
        for no, src in enumerate(text.split("\n"), 1):
            quote = None
            for k, ch in enumerate(src):
                if quote:
                    if ch == quote:
                        quote = None
                elif ch in "\"'":
                    quote = ch
                elif ch == "#" and (k == 0 or src[k - 1] in " \t;("):
                    if not (no == 1 and src.startswith("#!")):
                        found.append((no, src[k:]))
                    break
    blocks = []
    for no, comment in found:
        if blocks and blocks[-1][1] == no - 1:
            blocks[-1][1], blocks[-1][2] = no, blocks[-1][2] + "\n" + comment
        else:
            blocks.append([no, no, comment])
    return [(b[0], b[2]) for b in blocks]


def paragraphs(blocks):
    """Each comment cut at its blank lines."""
    for first, block in blocks:
        start, lines = first, []
        for k, src in enumerate(block.split("\n")):
            if BLANK.match(src):
                if lines:
                    yield start, "\n".join(lines)
                start, lines = first + k + 1, []
            else:
                lines.append(src)
        if lines:
            yield start, "\n".join(lines)


for path in sys.argv[1:]:
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
    except FileNotFoundError:
        continue  # deleted in the work tree, not yet in the index
    if re.search(r"\.(c|h|java)$", path):
        blocks = c_comments(text)
    else:
        blocks = hash_comments(text, path.endswith(".py"))
    for first, block in paragraphs(blocks):
        if POINTER.search(block) or (CPU.search(block) and COMMIT.search(block)):
            continue
        for k, src in enumerate(block.split("\n")):
            found = figure(src)
            if found:
                print(f"{path}:{first + k}:{src.strip()} [{found}]")
PY
)
if [ -n "$figures" ]; then
  printf '%s\n' "$figures"
  count=$(printf '%s\n' "$figures" | wc -l)
  echo "check-narration: $count comment line(s) state a timing figure without its CPU" \
       "and commit; name them, or log the figure in docs/performance.md and point there" >&2
  status=1
else
  echo "check-narration: ${#sources[@]} tracked source files, no undated timing figure in a comment"
fi
exit "$status"
