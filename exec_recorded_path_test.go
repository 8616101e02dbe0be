package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// exec's "recorded to" on a terminal too narrow for it and its path puts
// the path on a line of its own, whole from the line's start: after the
// words it wrapped mid-path at 80 columns, and selecting a line gave half
// of it. On a terminal wide enough, and on stderr that is no terminal
// (width 0), it stays one line, which scripts and tests grep for the path.
func TestExecRecordedToFitsThePathWhole(t *testing.T) {
	srv := mcptest.NewStreamable(t, mcptest.StreamableOptions{})
	dir := filepath.Join(t.TempDir(), strings.Repeat("sessions-of-a-long-named-project-", 2))
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		label string
		width int
		below bool
	}{{"80 columns", 80, true}, {"300 columns", 300, false}, {"no terminal", 0, false}} {
		path := filepath.Join(dir, strings.ReplaceAll(c.label, " ", "-")+".jsonl")
		said := execRecordedTo(t, srv.Endpoint(), path, c.width)
		want := "recorded to " + path + "\n"
		if c.below {
			want = "recorded to:\n  " + path + "\n"
		}
		if !strings.Contains(said, want) {
			t.Errorf("at %s exec said %q, want %q", c.label, said, want)
		}
	}
}

// execRecordedTo runs `mcpscope exec --record path url ping` with stderr
// a terminal width columns wide (0: no terminal), and returns its stderr.
func execRecordedTo(t *testing.T, url, path string, width int) string {
	t.Helper()
	cmds, err := parseCommands([]string{"ping"})
	if err != nil {
		t.Fatal(err)
	}
	cf := connFlags{transport: mcp.TransportAuto, timeout: mcp.DefaultRequestTimeout, endpointTimeout: mcp.DefaultEndpointTimeout, maxEventSize: mcp.DefaultMaxEventSize}
	var out, errOut bytes.Buffer
	if err := runExec(context.Background(), &out, &errOut, url, cmds, &cf, &recordFlags{file: path}, &execFlags{tty: width > 0, errWidth: width}); err != nil {
		t.Fatalf("%v\n%s\n%s", err, out.String(), errOut.String())
	}
	return errOut.String()
}
