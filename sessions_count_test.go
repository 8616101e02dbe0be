package main

import (
	"strings"
	"testing"
)

// The sessions listing counts its recordings in English: "1 recording",
// not "1 recordings".
func TestSessionsCountsOneRecording(t *testing.T) {
	dir := oneSessionRecorded(t)
	out, errOut, code := run(t, "sessions")
	if code != exitOK || !strings.Contains(out, "\n1 recording in "+dir) {
		t.Errorf("exit %d, %q %q; want it to end with 1 recording in %s", code, out, errOut, dir)
	}
}
