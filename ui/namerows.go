package ui

import (
	"strconv"
	"strings"
)

// nameRows lays names out as a shell lists completions: whole, two
// blanks apart, from first on, over at most rows rows of room cells (0:
// one row, no limit), the first row starting lead cells in. What does not
// fit is counted after the last name shown, "+N" of total (which may count
// more names than the count given), and the room for that count is kept
// on the row it goes on. ends[r] is one past the last name on row r; the
// last row may hold the count alone. width(i) is the cells name i takes;
// it is asked only of the names that may be shown, so a thousand names
// cost what a few rows do. The first name is shown even when wider than
// a row. Tab's candidates and the typing hint's "4 tools: …" are both
// laid out here.
func nameRows(width func(i int) int, first, count, total, lead, room, rows int) (ends []int) {
	rows = max(rows, 1)
	if room <= 0 {
		rows = 1
	}
	i, used := first, lead
	for r := 0; r < rows; r++ {
		last, start := r == rows-1, i
		for ; i < count; i++ {
			w := width(i)
			if i > start {
				w += 2
			}
			need := used + w
			if rest := total - i - 1; rest > 0 && (last || i == count-1) {
				// The count goes after this name: on the last row, or
				// after the last name there is to show.
				need += 2 + len("+"+strconv.Itoa(rest))
			}
			if room > 0 && need > room && i > first {
				break
			}
			used += w
		}
		ends = append(ends, i)
		if i == count || i == start {
			// All shown, or a name too wide for a row of its own: the
			// count goes here.
			break
		}
		used = 0
	}
	return ends
}

// drawNameRows draws the rows nameRows laid out from first: head before
// the first name, each name as name(i), sep between names, and more(N)
// after the last one shown when N of total are not.
func drawNameRows(ends []int, first, total int, head string, name func(i int) string, sep string, more func(n int) string) []string {
	out := make([]string, len(ends))
	start := first
	for r, end := range ends {
		var b strings.Builder
		if r == 0 {
			b.WriteString(head)
		}
		for i := start; i < end; i++ {
			if i > start {
				b.WriteString(sep)
			}
			b.WriteString(name(i))
		}
		if r == len(ends)-1 && end < total {
			if end > start {
				b.WriteString(sep)
			}
			b.WriteString(more(total - end))
		}
		out[r], start = b.String(), end
	}
	return out
}
