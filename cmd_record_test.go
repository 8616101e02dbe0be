package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/internal/sanitize"
	"github.com/mcpscope/mcpscope/mcp/command"
)

// The replay and export commands printed on quitting paste back into a shell as is,
// even when the recording's path has a space or a quote in it.
func TestRecordingReportQuotesTheReplayCommand(t *testing.T) {
	path := filepath.Join(t.TempDir(), "my dir", "Ann's session.jsonl")
	out := reportOf(t, path)
	for _, c := range []struct{ label, verb string }{{"replay it:\n  ", "replay"}, {"export it:\n  ", "export"}} {
		_, cmdLine, ok := strings.Cut(out, c.label)
		if !ok {
			t.Fatalf("no %s command in %q", c.verb, out)
		}
		cmdLine, _, _ = strings.Cut(cmdLine, "\n")
		words, err := command.SplitWords(cmdLine)
		if err != nil || len(words) < 3 || words[0] != "mcpscope" || words[1] != c.verb || words[len(words)-1] != path {
			t.Errorf("the %s command %q reads back as %q (%v), want mcpscope %s %q", c.verb, cmdLine, words, err, c.verb, path)
		}
	}
}

// A recording under a directory whose name is not UTF-8 (a state dir of
// another locale) is named in the replay command in $'...' with its bytes
// escaped, which a shell reads back as the file: quoted as shown, the
// sanitizer's U+FFFD named a file that does not exist.
func TestRecordingReportQuotesAPathThatIsNotUTF8(t *testing.T) {
	path := filepath.Join(t.TempDir(), "st\xff\xfe dir", "it's.jsonl")
	out := reportOf(t, path)
	_, cmdLine, _ := strings.Cut(out, "replay it:\n  mcpscope replay ")
	cmdLine, _, _ = strings.Cut(cmdLine, "\n")
	if got := readBackInBash(t, cmdLine); got != path {
		t.Errorf("the replay command's path %s reads back in bash as %q, want %q", cmdLine, got, path)
	}
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if sanitize.Line(line) != line {
			t.Errorf("the report writes bytes the sanitizer would change: %q", line)
		}
	}
}

// readBackInBash is the one word bash reads in word (a path as mcpscope
// quoted it in a command to paste); the test is skipped with no bash.
func readBackInBash(t *testing.T, word string) string {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash to read the command back")
	}
	got, err := exec.Command(bash, "-c", "printf %s "+word).Output()
	if err != nil {
		t.Fatalf("bash reading %s: %v", word, err)
	}
	return string(got)
}

// reportOf is what quitting prints of a recording made at path, to no
// terminal.
func reportOf(t *testing.T, path string) string {
	t.Helper()
	return reportAt(t, path, 0)
}

// reportAt is what quitting prints of a recording made at path, to a
// terminal width wide (0: none).
func reportAt(t *testing.T, path string, width int) string {
	t.Helper()
	rec, err := history.Create(path, history.Header{URL: "http://127.0.0.1:1/sse", Transport: "sse"}, history.RecordOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r := &recording{rec: rec, failed: make(chan error, 1)}
	defer rec.Close()
	var out strings.Builder
	if err := r.report(&out, true, width); err != nil {
		t.Fatal(err)
	}
	return out.String()
}
