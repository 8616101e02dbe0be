// Package termquery keeps package initialisation from querying the terminal.
//
// bubbletea v1 asks the terminal for its background colour in its package
// init (an OSC 11 query fenced by a cursor position report), so that lipgloss
// knows it before a program takes the terminal. Every mcpscope command links
// bubbletea, so every command (exec, --version, sessions, export) would
// write that query to a terminal on stdout and wait for the answer: a round
// trip on every start, and five seconds under a pseudo-terminal that nobody
// answers (script, CI runners, editor shells).
//
// termenv skips the query when $CI is set. This package sets CI while
// packages initialise and Done takes it away again; the commands that draw
// colours ask for the background themselves, when they know they will draw.
// It works because Go initialises packages in import-path order among those
// whose imports are initialised (the language spec, since Go 1.21): this
// package imports only os, and its path sorts before github.com/muesli/termenv,
// so its init runs before termenv's, lipgloss's and bubbletea's.
package termquery

import "os"

// set is true when init set CI, so Done knows to unset it.
var set bool

func init() {
	if _, ok := os.LookupEnv("CI"); !ok {
		set = os.Setenv("CI", "1") == nil
	}
}

// Done restores the environment init changed. main calls it first, once
// every package has been initialised.
func Done() {
	if set {
		os.Unsetenv("CI")
		set = false
	}
}
