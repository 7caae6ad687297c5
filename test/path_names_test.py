#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Which files outside the curve folders name a native path, against the list
backends/native/README.md gives (between its "path-naming files" markers), so
that the README's account of what a new path touches stays true.

A path is an entry of backends/native/paths.def other than portable (an
ordinary word); a file names it when its code, comments left out, has the
name as a word of its own or of an identifier (EDFAST_NATIVE_IFMA,
n25519_ifma_joint, "adx").  A curve folder (backends/native/<folder> with an
accel.c) is where a path's own files live; tests (test/) name the paths they
test, and the documentation (Markdown) describes them, so neither counts.

    path_names_test.py SOURCE_ROOT
"""
import os
import re
import sys

SOURCE_SUFFIXES = ('.c', '.h', '.java', '.sh', '.py', '.cmake', '.def', '.map', '.in', '.txt')
C_LIKE = ('.c', '.h', '.java', '.def')


def path_names(root):
    entry = re.compile(r'^EDFAST_NATIVE_PATH_ENTRY\([A-Z0-9_]+, *([a-z0-9_]+),')
    with open(os.path.join(root, 'backends/native/paths.def')) as f:
        names = [m.group(1) for m in map(entry.match, f) if m]
    return [name for name in names if name != 'portable']


def listed(root):
    with open(os.path.join(root, 'backends/native/README.md')) as f:
        text = f.read()
    block = re.search(r'<!-- path-naming files: begin -->(.*?)<!-- path-naming files: end -->',
                      text, re.S)
    if block is None:
        sys.exit('path_names: backends/native/README.md has no path-naming files markers')
    return set(re.findall(r'^- `([^`]+)`', block.group(1), re.M))


def code_of(path, text):
    if path.endswith(C_LIKE):
        text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
        return re.sub(r'//[^\n]*', ' ', text)
    # shell, Python, CMake, text: a # at a line's start or after a blank starts a comment
    return re.sub(r'(^|[ \t])#[^\n]*', r'\1', text, flags=re.M)


def naming_files(root, names):
    word = re.compile(r'(?<![A-Za-z0-9])(%s)(?![A-Za-z0-9])' % '|'.join(names), re.I)
    native = os.path.join(root, 'backends/native')
    curve_folders = {os.path.join(native, d) for d in os.listdir(native)
                     if os.path.isfile(os.path.join(native, d, 'accel.c'))}
    found = set()
    for top, dirs, files in os.walk(root):
        rel_top = os.path.relpath(top, root)
        dirs[:] = [d for d in dirs
                   if not (d.startswith('build') or d == 'out' or (d.startswith('.') and d != '.ci'))
                   and os.path.join(top, d) not in curve_folders
                   and os.path.normpath(os.path.join(rel_top, d)) not in ('test', 'docs', 'bench/results',
                                                                         'fuzz/corpus')]
        for name in files:
            rel = os.path.normpath(os.path.join(rel_top, name))
            if not (name.endswith(SOURCE_SUFFIXES) or name == 'CMakeLists.txt' or rel == '.ci/run'):
                continue
            with open(os.path.join(top, name), errors='replace') as f:
                if word.search(code_of(name, f.read())):
                    found.add(rel)
    return found


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else '.'
    names = path_names(root)
    if not names:
        sys.exit('path_names: no path but portable in backends/native/paths.def')
    found, readme = naming_files(root, names), listed(root)
    for rel in sorted(found - readme):
        print(f'{rel}: names a path ({", ".join(names)}) but is not in backends/native/README.md\'s list')
    for rel in sorted(readme - found):
        print(f'{rel}: in backends/native/README.md\'s list but names no path')
    if found != readme:
        return 1
    print(f'path_names: {len(found)} files outside the curve folders name a path, as the README lists')
    return 0


if __name__ == '__main__':
    sys.exit(main())
