package main

import (
	"fmt"
	"io"
	"strings"
)

// How the proxy's stop report names a recording wider than the terminal.

// sayListedPath writes shown (a recording's path, quoted for the shell:
// command.ShellPath) and note as sayShownLine does, but a path wider than
// the terminal is cut, at its slashes where it can be, into rows that
// end in a backslash, each within width: the terminal broke it mid-name
// where it liked, and a copy of it pasted as two words. Backslash and
// newline inside a word is the shell's "the word goes on", so the rows
// paste as the one path, as the TUI's quit keeps its replay command
// whole (sayCommandBelow); the rows after the first start at the left
// edge, as an indent would split the word. A quoted path (the shell
// keeps a backslash inside quotes) or one not all ASCII is left to
// sayShownLine.
func sayListedPath(w io.Writer, width int, shown, note string) {
	if width <= 0 || 2+len(shown) <= width || !plainWord(shown) {
		sayShownLine(w, width, shown, note)
		return
	}
	rows := pathRows(shown, width-3, width-1)
	for i, row := range rows {
		if i == 0 {
			row = "  " + row
		}
		if i < len(rows)-1 {
			row += `\`
		}
		fmt.Fprintln(w, row)
	}
	if note != "" {
		for _, row := range wrapped(note, width-4) {
			fmt.Fprintln(w, "    "+row)
		}
	}
}

// sayListedBelow is sayShownBelowIn of a recording's path (or its
// folder): words wrapped, and the path as sayListedPath says it.
func sayListedBelow(w io.Writer, width int, words, shown string) {
	for _, row := range wrapped(words+":", width) {
		fmt.Fprintln(w, row)
	}
	sayListedPath(w, width, shown, "")
}

// plainWord reports whether s is one word the shell reads as it is
// spelt: printable ASCII with nothing quoted or escaped, so its width is
// its length and a backslash-newline inside it is only a continuation.
func plainWord(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c >= 0x7f || strings.IndexByte(`'"\$`+"`", c) >= 0 {
			return false
		}
	}
	return true
}

// pathRows cuts path into rows of at most first bytes, then rest bytes
// (the room left beside the indent and the backslash), each ending just
// after a slash where one falls within it, else at its room.
func pathRows(path string, first, rest int) []string {
	var rows []string
	room := max(first, 1)
	for len(path) > room+1 {
		// The last row needs no backslash: one more byte fits it.
		// A slash early in the room would leave a row of a few bytes.
		cut := strings.LastIndexByte(path[:room], '/') + 1
		if cut <= room/2 {
			cut = room
		}
		rows = append(rows, path[:cut])
		path = path[cut:]
		room = max(rest, 1)
	}
	return append(rows, path)
}
