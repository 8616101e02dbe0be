package main

import (
	"os"
	"testing"

	"github.com/mcpscope/mcpscope/internal/termquery"
)

// TestMain undoes what internal/termquery did during initialisation, as main
// does, so tests see the environment they were started with.
func TestMain(m *testing.M) {
	termquery.Done()
	os.Exit(m.Run())
}
