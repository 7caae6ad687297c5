#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Docs that cannot drift silently (issue 35): a figure or a state in the
# repository's Markdown is dated by its CPU, command and commit, never by
# narration ("this session", "before this", ...), which is true only on the
# day it was written.  This greps every tracked Markdown file for the dating
# phrases below, case-insensitively and as whole words, prints each hit as
# FILE:LINE:TEXT and fails when there is one.
#
#   bash scripts/check-narration.sh [DIR]      (DIR: a git work tree; default:
#                                              the one holding this script)
#
# Exit status: 0 no phrase found, 1 phrases found, 77 (CTest's skip) when DIR
# is not a git work tree (a tree copied without .git has no tracked files).
# Rewrite a hit by naming the commit (and the CPU and command of a figure),
# e.g. "at commit abc1234 ...; at commit def5678, after <what changed> ...".
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
if [ "${#files[@]}" -eq 0 ]; then
  echo "check-narration: no tracked Markdown files in $dir"
  exit 0
fi

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
  exit 1
fi
echo "check-narration: ${#files[@]} tracked Markdown files, no dating phrase"
