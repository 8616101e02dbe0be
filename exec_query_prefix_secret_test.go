package main

import (
	"os"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// Two credentials in the URL's query, one the start of the other: neither
// shows anywhere, in --json or the recording. The shorter was replaced
// first and left the end of the longer one ("token=[redacted]345").
func TestExecRedactsAQueryCredentialThatBeginsAnother(t *testing.T) {
	dir := stateDir(t)
	gw := demotest.Start(t, demo.Options{})
	url := gw.MCPURL() + "?token=abcdefgh12&token=abcdefgh12345"
	out, errOut, code := run(t, "exec", "--json", url, "tools/list")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	rec, err := os.ReadFile(onlyRecording(t, dir))
	if err != nil {
		t.Fatal(err)
	}
	for what, text := range map[string]string{"--json": out, "stderr": errOut, "the recording": string(rec)} {
		for _, left := range []string{"abcdefgh12", "[redacted]345"} {
			if strings.Contains(text, left) {
				t.Errorf("%s holds %q", what, left)
			}
		}
	}
	if !strings.Contains(string(rec), `token=[redacted]\u0026token=[redacted]`) {
		t.Errorf("the recording does not name both parameters redacted")
	}
}
