package main

import (
	"os"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// replay and export take last for the newest recording, and say which
// file that is; given no FILE they name the newest to copy one from,
// where they only sent the user to mcpscope sessions. A file named last
// here makes the word ambiguous, and neither is read.
func TestLastIsTheNewestRecording(t *testing.T) {
	dir := stateDir(t)
	t.Chdir(t.TempDir())
	for _, cmd := range []string{"replay", "export"} {
		_, errOut, code := run(t, cmd)
		if code != exitUsage || !strings.Contains(errOut, "or last for the one written to last") || !strings.Contains(errOut, "no recordings in "+dir+" yet") {
			t.Errorf("%s with no recordings: exit %d, stderr %q", cmd, code, errOut)
		}
	}
	url := demotest.Start(t, demo.Options{}).URL
	var paths []string
	for _, era := range []string{"/sse", "/mcp"} {
		_, errOut, code := run(t, "exec", url+era, "tools/list")
		if code != exitOK {
			t.Fatalf("exec %s: exit %d: %s", era, code, errOut)
		}
		_, path, _ := strings.Cut(strings.TrimSpace(errOut[strings.LastIndex(errOut, "recorded to "):]), "recorded to ")
		paths = append(paths, path)
	}
	newest := paths[1]
	if _, err := os.Stat(newest); err != nil {
		t.Fatalf("exec's recording %q: %v", newest, err)
	}

	for _, cmd := range []string{"replay", "export"} {
		_, errOut, code := run(t, cmd)
		if code != exitUsage || !strings.Contains(errOut, "mcpscope "+cmd+" last") ||
			!strings.Contains(errOut, "the newest:\n  "+newest+"\n  "+paths[0]+"\n") {
			t.Errorf("%s with no FILE: exit %d, stderr %q, want the newest first", cmd, code, errOut)
		}
	}

	out, errOut, code := run(t, "export", "last")
	if code != exitOK || !strings.Contains(out, "# mcpscope session: "+url+"/mcp") || !strings.Contains(errOut, "note: last is "+newest+", the recording written to last") {
		t.Errorf("export last: exit %d, stderr %q, stdout %.120q", code, errOut, out)
	}
	_, errOut, code = run(t, "replay", "last")
	if code != exitUsage || !strings.Contains(errOut, "note: last is "+newest) || !strings.Contains(errOut, "needs a terminal") {
		t.Errorf("replay last off a terminal: exit %d, stderr %q, want which file and the terminal", code, errOut)
	}
	out, errOut, code = run(t, "replay", "last", "--against", url+"/mcp")
	if code != exitOK || !strings.Contains(out, "same, 0 different") || !strings.Contains(errOut, "note: last is "+newest) {
		t.Errorf("replay last --against: exit %d, stdout %q, stderr %q", code, out, errOut)
	}

	if err := os.WriteFile("last", []byte("{}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"export", "last"}, {"replay", "last", "--against", url + "/mcp"}} {
		out, errOut, code := run(t, args...)
		if code != exitUsage || out != "" || !strings.Contains(errOut, `"last" is both a file here and the word for the recording written to last: give ./last`) {
			t.Errorf("%v beside a file named last: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}
