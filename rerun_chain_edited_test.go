package main

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// A 2026 round's chain names the seq of its chain's first request. A
// hand-edited file whose chain names a later request (two rounds naming
// each other) or a request of another method re-runs what it holds: the
// call is sent and compared, where the re-run left it out as a round of
// nothing and said every answer matched, or compared server/discover's
// answer with the tool's.
func TestRerunOfAnEditedChainSendsTheCall(t *testing.T) {
	for _, edit := range []string{"loop", "other-method"} {
		t.Run(edit, func(t *testing.T) {
			file := recordConfirmedByAnn(t, "/stateless")
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			round := regexp.MustCompile(`\{"seq":(\d+),[^\n]*"kind":"sent"[^\n]*"tool":"confirm","chain":(\d+),`).FindSubmatch(data)
			if round == nil {
				t.Fatalf("no round in the recording:\n%s", data)
			}
			lines := strings.Split(string(data), "\n")
			for i, l := range lines {
				switch {
				case edit == "loop" && strings.HasPrefix(l, `{"seq":`+string(round[2])+`,`):
					lines[i] = strings.Replace(l, `"tool":"confirm",`, `"tool":"confirm","chain":`+string(round[1])+`,`, 1)
				case edit == "other-method" && strings.HasPrefix(l, `{"seq":`+string(round[1])+`,`):
					lines[i] = strings.Replace(l, `"chain":`+string(round[2]), `"chain":1`, 1)
				}
			}
			if err := os.WriteFile(file, []byte(strings.Join(lines, "\n")), 0o600); err != nil {
				t.Fatal(err)
			}
			again := demotest.Start(t, demo.Options{}).URL + "/stateless"
			out, errOut, code := run(t, "replay", file, "--against", again)
			if !strings.Contains(out, "tools/call confirm") || strings.Contains(out, "different   server/discover") {
				t.Errorf("re-run: exit %d\n%s\n%s", code, out, errOut)
			}
		})
	}
}
