package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// The replay and export commands printed on quitting paste back into a shell as is,
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
	for _, c := range []struct{ label, verb string }{{"replay it: ", "replay"}, {"export it: ", "export"}} {
		_, cmdLine, ok := strings.Cut(out.String(), c.label)
		if !ok {
			t.Fatalf("no %s command in %q", c.verb, out.String())
		}
		cmdLine, _, _ = strings.Cut(cmdLine, "\n")
		words, err := command.SplitWords(cmdLine)
		if err != nil || len(words) < 3 || words[0] != "mcpscope" || words[1] != c.verb || words[2] != path {
			t.Errorf("the %s command %q reads back as %q (%v), want mcpscope %s %q", c.verb, cmdLine, words, err, c.verb, path)
		}
	}
}
