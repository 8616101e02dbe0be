package main

import (
	"strings"
)

// usageError is a command line's error with the usage block it carries
// wrapped to the width of the terminal it is printed to: the block's rows
// ran to 140 columns, and a terminal broke them mid-word.
type usageError struct {
	text string
	err  error
}

func (e *usageError) Error() string { return e.text }
func (e *usageError) Unwrap() error { return e.err }

// withUsageWrapped returns err with the usage block that follows its
// first line ("usage:" and the rows under it) fitted to width as help text
// is (fitText), the description of each row kept in its column; err as it
// is when it carries no usage block or every row fits.
func withUsageWrapped(err error, width int) error {
	text := err.Error()
	at := strings.Index(text, "\nusage:\n")
	if at < 0 {
		return err
	}
	block := text[at+len("\nusage:\n"):]
	fitted := fitText(block, width)
	if fitted == block {
		return err
	}
	return &usageError{text: text[:at] + "\nusage:\n" + fitted, err: err}
}
