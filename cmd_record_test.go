package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// The replay command printed on quitting pastes back into a shell as is,
// even when the recording's path has a space or a quote in it.
func TestRecordingReportQuotesTheReplayCommand(t *testing.T) {
	path := filepath.Join(t.TempDir(), "my dir", "Ann's session.jsonl")
	rec, err := history.Create(path, history.Header{URL: "http://127.0.0.1:1/sse", Transport: "sse"}, history.RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r := &recording{rec: rec, failed: make(chan error, 1)}
	defer rec.Close()
	var out strings.Builder
	if err := r.report(&out, true); err != nil {
		t.Fatal(err)
	}
	_, cmdLine, ok := strings.Cut(out.String(), "replay it: ")
	if !ok {
		t.Fatalf("no replay command in %q", out.String())
	}
	words, err := command.SplitWords(strings.TrimSpace(cmdLine))
	if err != nil || len(words) != 3 || words[0] != "mcpscope" || words[1] != "replay" || words[2] != path {
		t.Errorf("the replay command %q reads back as %q (%v), want mcpscope replay %q", strings.TrimSpace(cmdLine), words, err, path)
	}
}
