package ui

import (
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// textPlace is a place in Detail's lines that does not depend on the
// width they were wrapped at: the line as the text has it (a heading, a
// header, a line of JSON; the same at every width), and how many
// characters of it the rows above the place hold. A resize wraps the
// lines again and puts the same text on top; a row number, or a share of
// the way down, landed a few rows off as what was above wrapped
// differently.
type textPlace struct {
	line, chars int
}

// placeOf is the place of row r of lines, whose rows cont (ascending)
// continue the one above.
func placeOf(lines []string, cont []int, r int) textPlace {
	if r <= 0 || len(lines) == 0 {
		return textPlace{}
	}
	r = min(r, len(lines)-1)
	// The rows up to r that are continuations: r less those is the line.
	k := continuedUpTo(cont, r)
	p := textPlace{line: r - k}
	for i, s := k-1, r; i >= 0 && cont[i] == s; i, s = i-1, s-1 {
		p.chars += rowChars(lines[s-1])
	}
	return p
}

// row is the row of lines (rows cont continue the one above) that shows
// the place: the row holding the character it counts, within its line.
func (p textPlace) row(lines []string, cont []int) int {
	n := len(lines)
	if n == 0 {
		return 0
	}
	// The first row of the line: the rows' lines only grow going down.
	r := sort.Search(n, func(r int) bool { return r-continuedUpTo(cont, r) >= p.line })
	if r == n {
		return n - 1 // fewer lines than before (the selection changed as well)
	}
	chars := p.chars
	for r+1 < n && isContinued(cont, r+1) {
		c := rowChars(lines[r])
		if chars < c {
			break
		}
		chars -= c
		r++
	}
	return r
}

// continuedUpTo is how many of the rows cont are at or above row r.
func continuedUpTo(cont []int, r int) int {
	k, _ := slices.BinarySearch(cont, r+1)
	return k
}

// isContinued reports whether row r continues the one above.
func isContinued(cont []int, r int) bool {
	_, ok := slices.BinarySearch(cont, r)
	return ok
}

// rowChars is how many characters of its line a row shows: its text
// without the colours, or the indentation and blanks that wrapping adds.
func rowChars(row string) int {
	return utf8.RuneCountInString(strings.TrimSpace(ansi.Strip(row)))
}
