package main

import (
	"os"
	"testing"

	"github.com/mcpscope/mcpscope/internal/termquery"
)

// TestMain undoes what internal/termquery did during initialisation, as main
// does, so tests see the environment they were started with, and removes
// the binary the tests that run mcpscope as a program built.
func TestMain(m *testing.M) {
	termquery.Done()
	code := m.Run()
	removeBuiltBinary()
	os.Exit(code)
}
