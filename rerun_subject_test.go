package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// replay --against names each request as Pairs and the export do: the
// prompt of a prompts/get, the URI of a resources/read, the level of a
// logging/setLevel. Two prompts/get lines read alike, and which of them
// differed was left to counting.
func TestRerunNamesTheSubjectOfEachRequest(t *testing.T) {
	dir := stateDir(t)
	rec := filepath.Join(dir, "subjects.jsonl")
	gw := demotest.Start(t, demo.Options{}).URL + "/mcp"
	if _, errOut, code := run(t, "exec", "--record", rec, gw, "logging/setLevel warning", "prompts/get review_code language=go", "resources/read demo://readme"); code != exitOK {
		t.Fatalf("exec: exit %d: %s", code, errOut)
	}
	out, errOut, code := run(t, "replay", rec, "--against", gw)
	if code != exitOK {
		t.Fatalf("exit %d, want %d\n%s\n%s", code, exitOK, out, errOut)
	}
	for _, want := range []string{"same        logging/setLevel warning\n", "same        prompts/get review_code\n", "same        resources/read demo://readme\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("the report does not hold %q:\n%s", want, out)
		}
	}
}
