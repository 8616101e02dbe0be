package main

import (
	"os"
	"testing"
)

// recordedExec runs `mcpscope exec --record path url requests...`, fails
// the test unless it exits 0, and returns the recording it wrote.
func recordedExec(t *testing.T, path, url string, requests ...string) []byte {
	t.Helper()
	args := append([]string{"exec", "--record", path, url}, requests...)
	if _, errOut, code := run(t, args...); code != exitOK {
		t.Fatalf("recording %s: exit %d: %s", path, code, errOut)
	}
	rec, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}
