package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// copyRecording puts a copy of the v1 test recording in a temporary
// directory and returns its path and bytes.
func copyRecording(t *testing.T) (string, []byte) {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("history", "testdata", "v1-session.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "s.jsonl")
	if err := os.WriteFile(path, raw, 0o600); err != nil {
		t.Fatal(err)
	}
	return path, raw
}

// Exporting a recording onto itself, by its name or through a link, is
// refused before anything is written: the recording is all the user has.
func TestExportRefusesToOverwriteItsRecording(t *testing.T) {
	path, raw := copyRecording(t)
	link := filepath.Join(filepath.Dir(path), "link.md")
	if err := os.Symlink(path, link); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{path, link} {
		_, errOut, code := run(t, "export", path, "-o", out)
		if code != exitUsage || !strings.Contains(errOut, "is the recording being exported") {
			t.Errorf("export -o %s: exit %d, stderr %q; want a usage error saying it is the recording", out, code, errOut)
		}
		if got, _ := os.ReadFile(path); !bytes.Equal(got, raw) {
			t.Fatalf("export -o %s changed the recording (%d bytes, was %d)", out, len(got), len(raw))
		}
	}
	other := filepath.Join(filepath.Dir(path), "s.md")
	if _, errOut, code := run(t, "export", path, "-o", other); code != exitOK {
		t.Fatalf("export -o another file: exit %d: %s", code, errOut)
	}
	if md, _ := os.ReadFile(other); !bytes.Contains(md, []byte("# mcpscope session")) {
		t.Errorf("export -o another file wrote %q", md)
	}
}

// A recording with no request in it (cut short after its header, or
// damaged throughout) compares nothing: replay --against says so and does
// not exit 0, which would tell a CI job that every answer matched.
func TestRerunOfARecordingWithoutRequestsIsAnError(t *testing.T) {
	path, raw := copyRecording(t)
	header := raw[:bytes.IndexByte(raw, '\n')+1]
	if err := os.WriteFile(path, header, 0o600); err != nil {
		t.Fatal(err)
	}
	url := demotest.Start(t, demo.Options{}).URL
	out, errOut, code := run(t, "replay", path, "--against", url)
	if code != exitUsage || !strings.Contains(errOut, "holds no request to re-run") {
		t.Errorf("replay --against of a header-only recording: exit %d, stdout %q, stderr %q; want exit %d saying nothing was compared", code, out, errOut, exitUsage)
	}
}
