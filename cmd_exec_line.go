package main

import (
	"errors"
	"strings"

	"github.com/mcpscope/mcpscope/internal/sanitize"
)

// oneLine is how exec prints a line that quotes a server's text (a note,
// an error message, an HTTP error body, a meaning or hint filled in from
// an error's data): sanitized, with a line break inside shown as ⏎ rather
// than kept, so the server cannot start a line that reads as one exec
// wrote ("error: ...", "  hint: ..."). A trailing line break is dropped,
// not shown: it ends the text, it does not hide more of it.
func oneLine(s string) string {
	return sanitize.Line(strings.TrimRight(s, "\r\n"))
}

// errorLines are the lines that say err, each made one by oneLine. Errors
// joined by errors.Join (every key=value word that did not parse) are a
// line each, as they were meant to be read; anything else is one line,
// however many line breaks the server's words in it hold.
func errorLines(err error) []string {
	for e := err; e != nil; e = errors.Unwrap(e) {
		if joined, ok := e.(interface{ Unwrap() []error }); ok && e.Error() == err.Error() {
			var lines []string
			for _, one := range joined.Unwrap() {
				lines = append(lines, errorLines(one)...)
			}
			return lines
		}
	}
	return []string{oneLine(err.Error())}
}

// advisedError is a failure to connect as exec and replay --against print
// it: the error on one line (it quotes the server: a body, a message) and
// what to do about it, from the one advice table, on a line of its own.
type advisedError struct {
	err  error
	hint string
}

// Error is the failure's line, then its hint's.
func (e *advisedError) Error() string {
	msg := strings.Join(errorLines(e.err), "\n")
	if e.hint != "" {
		msg += "\n  hint: " + oneLine(e.hint)
	}
	return msg
}

// Unwrap is the failure itself, for the exit status and advice.
func (e *advisedError) Unwrap() error { return e.err }
