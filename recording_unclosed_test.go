package main

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A recording whose mcpscope was killed between two lines (kill -9) read as
// whole: export showed its last request pending and a re-run called it
// unrecorded, with no word why. Every reader of it now says once that it
// ends without its close.
func TestARecordingKilledBetweenLinesSaysSo(t *testing.T) {
	stateDir(t)
	url := demotest.Start(t, demo.Options{}).URL
	_, errOut, code := run(t, "exec", url, "tools/list")
	_, path, ok := strings.Cut(strings.TrimSpace(errOut), "recorded to ")
	if code != exitOK || !ok {
		t.Fatalf("exec: exit %d: %s", code, errOut)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// As exec wrote it, ended by its close, nothing is said.
	if md, errOut, _ := run(t, "export", path); strings.Contains(md, "without its close") || errOut != "" {
		t.Fatalf("a whole recording: stderr %q, transcript says it has no close", errOut)
	}
	// Killed after tools/list was sent: every line from its answer on is
	// missing, the close with them.
	at := bytes.Index(raw, []byte(`"method":"tools/list"`))
	end := at + bytes.IndexByte(raw[at:], '\n') + 1
	if at < 0 || os.WriteFile(path, raw[:end], 0o600) != nil {
		t.Fatalf("no tools/list request in the recording:\n%s", raw)
	}
	const note = "the recording ends without its close: mcpscope stopped before closing it (killed, or the machine went down)"
	md, errOut, code := run(t, "export", path)
	if code != exitOK || !strings.Contains(md, "> **The recording is incomplete**") || strings.Count(md, note) != 1 || strings.Count(errOut, note) != 1 {
		t.Errorf("export: exit %d, stderr %q, transcript:\n%s\nwant the missing close said once at the top and on stderr", code, errOut, md[:min(len(md), 800)])
	}
	out, _, _ := run(t, "export", path, "--format", "json")
	var doc struct {
		Warnings []string `json:"warnings"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || len(doc.Warnings) != 1 || !strings.HasPrefix(doc.Warnings[0], note) {
		t.Errorf("export --format json: %v, warnings %q", err, doc.Warnings)
	}
	t.Setenv("COLUMNS", "400")
	if out, _, _ := run(t, "sessions"); !strings.Contains(out, "(it ends without its close)") {
		t.Errorf("sessions does not say the recording has no close:\n%s", out)
	}
	out, errOut, _ = run(t, "replay", path, "--against", url)
	if strings.Count(out+errOut, "without its close") != 1 {
		t.Errorf("re-run: stdout %q, stderr %q; want the missing close said once", out, errOut)
	}
}
