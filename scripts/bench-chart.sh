#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Bar chart of edfast-bench results: each implementation's ops/s as a ratio
# against OpenSSL's default provider through EVP (1.0 = as fast), keygen, sign,
# verify and verify with a new key object side by side, one panel per curve, at
# one message size.
#
# usage: scripts/bench-chart.sh CSV PNG [MSG_BYTES] [wall|cpu]
#   CSV        written by `edfast-bench --csv CSV`
#   PNG        the chart to write
#   MSG_BYTES  message size of the sign/verify bars (default 64); keygen has none
#   wall|cpu   ratios by wall-clock time (default) or by the benchmark thread's
#              CPU time (steadier on a machine busy with other work)
# Needs gnuplot (Debian: gnuplot-nox); uses the pngcairo terminal, else png.
set -euo pipefail

[ $# -ge 2 ] && [ $# -le 4 ] || { echo "usage: $0 CSV PNG [MSG_BYTES] [wall|cpu]" >&2; exit 2; }
csv=$1
png=$2
size=${3:-64}
clock=${4:-wall}
case $clock in
wall) column=ratio_vs_default; clock_text="wall-clock time" ;;
cpu) column=cpu_ratio_vs_default; clock_text="thread CPU time" ;;
*) echo "$0: clock is wall or cpu, not $clock" >&2; exit 2 ;;
esac
[ -r "$csv" ] || { echo "$0: cannot read $csv" >&2; exit 1; }
command -v gnuplot >/dev/null || { echo "$0: gnuplot not found (apt-get install gnuplot-nox)" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One data file per curve: implementation, then the keygen, sign and verify
# ratios, then verify-newkey's ("-" where there is none): EVP rows, fresh-context EVP rows, the
# libraries, then the backends called directly, each group in CSV order.
awk -F, -v size="$size" -v dir="$work" -v column="$column" '
    NR == 1 {
        for (i = 1; i <= NF; i++) col[$i] = i
        if (!("table" in col) || !(column in col)) {
            print "not an edfast-bench CSV" > "/dev/stderr"; exit 1
        }
        next
    }
    $col["table"] != "ops" { next }
    $col["op"] != "keygen" && $col["msg_bytes"] != size { next }
    {
        c = $col["curve"]; impl = $col["impl"]; op = $col["op"]
        if (!((c, impl) in seen)) {
            seen[c, impl] = 1
            g = $col["kind"]
            g = g == "evp" ? 1 : g == "evp-fresh" ? 2 : g == "lib" ? 3 : 4
            order[c, g, ++n[c, g]] = impl
            n[c]++
            if (!(c in curves)) { curves[c] = 1; clist[++nc] = c }
        }
        ratio[c, impl, op] = $col[column]
    }
    END {
        for (k = 1; k <= nc; k++) {
            c = clist[k]; f = dir "/" c ".dat"
            for (g = 1; g <= 4; g++) for (i = 1; i <= n[c, g]; i++) {
                impl = order[c, g, i]; line = "\"" impl "\""
                split("keygen sign verify verify-newkey", ops, " ")
                for (j = 1; j <= 4; j++) {
                    r = ratio[c, impl, ops[j]]
                    line = line " " (r == "" ? "-" : r)
                }
                print line > f
            }
            close(f)
            print c > (dir "/curves")
        }
    }' "$csv"

[ -s "$work/curves" ] || { echo "$0: no single-thread rows at $size bytes in $csv" >&2; exit 1; }
mapfile -t curves <"$work/curves"

if gnuplot -e 'set terminal' 2>&1 | grep -q pngcairo; then
    terminal="pngcairo size 1400,$((420 * ${#curves[@]} + 80)) font 'Sans,10'"
else
    terminal="png size 1400,$((420 * ${#curves[@]} + 80))"
fi

{
    echo "set terminal $terminal"
    echo "set output '$png'"
    echo "set datafile missing '-'"
    echo "set style data histograms"
    echo "set style histogram clustered gap 1"
    echo "set style fill solid 0.85 border -1"
    echo "set boxwidth 0.95"
    echo "set grid ytics"
    echo "set rmargin 10"
    echo "set tmargin 5"
    echo "set key outside top center horizontal"
    echo "set ylabel 'throughput relative to default provider via EVP'"
    echo "set xtics rotate by -25 left noenhanced"
    echo "set yrange [0:*]"
    echo "set offsets graph 0, graph 0, graph 0.08, 0"
    echo "set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead dt 2 lw 1.5 lc rgb '#444444' back"
    echo "set multiplot layout ${#curves[@]},1 title 'edfast-bench: throughput vs OpenSSL default provider (EVP), sign/verify at $size-byte messages, by $clock_text' noenhanced"
    for c in "${curves[@]}"; do
        echo "set title '$c' noenhanced"
        printf "plot '%s' using 2:xtic(1) title 'keygen' lc rgb '#4e79a7', " "$work/$c.dat"
        printf "'' using 3 title 'sign' lc rgb '#f28e2b', "
        printf "'' using 4 title 'verify' lc rgb '#59a14f', "
        printf "'' using 5 title 'verify, new key object' lc rgb '#b07aa1', "
        # Value labels over the bars: 4 bars in a cluster of width 1/(4+gap 1).
        for k in 0 1 2 3; do
            printf "'' using (\$0 + (%s - 1.5) * 0.2):(\$%d):(sprintf('%%.2f', \$%d)) with labels offset 0,0.6 font ',7' notitle" "$k" $((k + 2)) $((k + 2))
            [ "$k" -lt 3 ] && printf ", "
        done
        printf "\n"
    done
    echo "unset multiplot"
} >"$work/chart.gp"

gnuplot "$work/chart.gp"
echo "wrote $png (${curves[*]}; sign/verify at $size bytes; by $clock_text)"
