package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A request that differs as an earlier one did (a second tools/list, the
// same call made twice) printed the same diff again, 68 lines of it
// against another server; it says which earlier request to read instead.
// Another request, differing otherwise, has its own diff.
func TestRerunSaysWhenADiffRepeatsAnEarlierOne(t *testing.T) {
	dir := stateDir(t)
	rec := filepath.Join(dir, "greet.jsonl")
	hello := demotest.Start(t, demo.Options{}).URL
	if _, errOut, code := run(t, "exec", "--record", rec, hello+"/mcp", "tools/call greet name=Ann", "tools/call greet name=Ann", "tools/call greet name=Bo"); code != exitOK {
		t.Fatalf("exec: exit %d: %s", code, errOut)
	}
	hi := demotest.Start(t, demo.Options{Greeting: "Hi"}).URL
	out, errOut, code := run(t, "replay", rec, "--against", hi+"/mcp")
	if code != exitFailed {
		t.Fatalf("exit %d, want %d\n%s\n%s", code, exitFailed, out, errOut)
	}
	first := regexp.MustCompile(`(?m)^ *(\d+)  different   tools/call greet\n`).FindStringSubmatch(out)
	if first == nil {
		t.Fatalf("no diff of tools/call greet:\n%s", out)
	}
	if strings.Count(out, `- "Hello, Ann!"`) != 1 || !strings.Contains(out, "tools/call greet\n     same differences as request "+first[1]+"\n") || !strings.Contains(out, `- "Hello, Bo!"`) {
		t.Errorf("want Ann's diff once, then said to be request %s's, and Bo's of its own:\n%s", first[1], out)
	}
}
