package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A replay off a terminal says what does the same headless (replay
// --against, export), not the debugger's advice: mcpscope exec replays
// nothing.
func TestReplayWithoutATerminalNamesTheHeadlessWays(t *testing.T) {
	dir := oneSessionRecorded(t)
	rec := onlyRecording(t, dir)
	_, errOut, code := run(t, "replay", rec)
	if code != exitUsage || !strings.Contains(errOut, "mcpscope replay "+rec+" --against URL") || !strings.Contains(errOut, "mcpscope export "+rec) || strings.Contains(errOut, "mcpscope exec") {
		t.Errorf("exit %d %q; want a usage error naming replay --against and export", code, errOut)
	}
}

// A replay off a terminal names a recording under a directory that is not
// UTF-8 (a state dir of another locale) as the command printed on quitting
// does, in $'...' with its bytes escaped: a shell reads it back as the
// file, where the sanitizer's U+FFFD named one that does not exist.
func TestReplayWithoutATerminalQuotesAPathThatIsNotUTF8(t *testing.T) {
	data, err := os.ReadFile(onlyRecording(t, oneSessionRecorded(t)))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "st\xff\xfe dir")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	rec := filepath.Join(dir, "it's.jsonl")
	if err := os.WriteFile(rec, data, 0o600); err != nil {
		t.Fatal(err)
	}
	_, errOut, code := run(t, "replay", rec)
	_, cmdLine, _ := strings.Cut(errOut, "mcpscope replay ")
	cmdLine, _, found := strings.Cut(cmdLine, " --against URL")
	if code != exitUsage || !found {
		t.Fatalf("exit %d %q; want a usage error naming replay --against", code, errOut)
	}
	if got := readBackInBash(t, cmdLine); got != rec {
		t.Errorf("the replay command's path %s reads back in bash as %q, want %q", cmdLine, got, rec)
	}
}
