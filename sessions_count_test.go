package main

import (
	"strings"
	"testing"
)

// The sessions listing counts its recordings in English: "1 recording",
// not "1 recordings". To a pipe it says so on stderr: what a script reads
// is the header and the recordings, the last line the oldest recording
// (| tail -1), where it was the count.
func TestSessionsCountsOneRecording(t *testing.T) {
	dir := oneSessionRecorded(t)
	out, errOut, code := run(t, "sessions")
	if code != exitOK || errOut != "1 recording in "+dir+"\n" {
		t.Errorf("exit %d, stderr %q; want 1 recording in %s", code, errOut, dir)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "STARTED") || !strings.HasSuffix(lines[1], ".jsonl") {
		t.Errorf("stdout %q, want the header and the one recording's line ending in its path", out)
	}
}
