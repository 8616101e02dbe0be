package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// A recording that is not there is said in the user's words, with where
// to find the real ones, not os's "open X: no such file or directory";
// replay and export alike.
func TestMissingRecordingSaysWhereTheRecordingsAre(t *testing.T) {
	stateDir(t)
	missing := filepath.Join(t.TempDir(), "gone.jsonl")
	for _, args := range [][]string{{"export", missing}, {"export", "--format", "json", missing}, {"replay", missing}} {
		_, errOut, code := run(t, args...)
		if code != exitUsage || !strings.Contains(errOut, "no recording at "+missing) || !strings.Contains(errOut, "mcpscope sessions lists the recordings") {
			t.Errorf("%v: exit %d %q, want a usage error naming the file and mcpscope sessions", args, code, errOut)
		}
		if strings.Contains(errOut, "no such file or directory") || strings.Contains(errOut, "open "+missing) {
			t.Errorf("%v: %q says os's words", args, errOut)
		}
	}
}
