package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// A recording named by its file name alone, as a teammate writes it or
// as ls in the sessions directory shows it, was refused as no file
// ("the file does not exist"), the sessions directory holding it. It is
// found there, with or without .jsonl, and the whole path said.
func TestBareNameFindsTheRecordingInTheSessionsDirectory(t *testing.T) {
	whole := onlyRecording(t, oneSessionRecorded(t))
	base := filepath.Base(whole)
	for _, name := range []string{base, strings.TrimSuffix(base, ".jsonl")} {
		out, errOut, code := run(t, "export", name)
		if code != exitOK || !strings.HasPrefix(out, "# mcpscope session: ") || !strings.Contains(errOut, whole) {
			t.Errorf("export %s: exit %d, want the transcript of %s and its path said\nstdout:\n%.200s\nstderr:\n%s", name, code, whole, out, errOut)
		}
	}
	if _, errOut, code := run(t, "export", "no-such-recording"); code != exitUsage || !strings.Contains(errOut, "mcpscope sessions lists") {
		t.Errorf("export of a name in neither place: exit %d, want %d and mcpscope sessions named\n%s", code, exitUsage, errOut)
	}
}
