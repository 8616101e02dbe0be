package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// Progress that breaks its rules (it goes back, it passes its total, its
// total is negative) is said once per request, in each era, where the bar
// exec draws on a terminal clamps it and a log file showed nothing: the
// specification has progress increase with each notification.
func TestExecSaysProgressThatBreaksItsRules(t *testing.T) {
	for _, tc := range []struct {
		name  string
		steps [][2]float64 // progress, total
		want  string
	}{
		{"backwards", [][2]float64{{5, 10}, {3, 10}, {2, 10}}, "progress went from 5 to 3: the specification has it increase with each notification"},
		{"past its total", [][2]float64{{1, 10}, {12, 10}, {13, 10}}, "progress 12 past its total 10"},
		{"negative total", [][2]float64{{1, -4}, {2, -4}}, "progress 1 of a negative total -4"},
	} {
		notes := func(token json.RawMessage) []string {
			var out []string
			for _, s := range tc.steps {
				out = append(out, fmt.Sprintf(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":%s,"progress":%v,"total":%v}}`, token, s[0], s[1]))
			}
			return out
		}
		token := func(params json.RawMessage) json.RawMessage {
			var p struct {
				Meta struct {
					ProgressToken json.RawMessage `json:"progressToken"`
				} `json:"_meta"`
			}
			_ = json.Unmarshal(params, &p)
			return p.Meta.ProgressToken
		}
		legacy := mcptest.New(t, mcptest.Options{Handle: func(c *mcptest.Call) {
			if c.Method != "tools/call" {
				c.Default()
				return
			}
			for _, n := range notes(token(c.Params)) {
				c.Reply(n)
			}
			c.Result(mcptest.TextResult("done", false))
		}})
		handle := func(x *mcptest.Exchange) {
			x.SSE()
			for _, n := range notes(x.ProgressToken()) {
				_ = x.WriteRaw("event: message\ndata: " + n + "\n\n")
			}
			x.Result(mcptest.TextResult("done", false))
		}
		for era, url := range map[string]string{
			"legacy":     legacy.SSEURL(),
			"streamable": mcptest.OnMethod(t, "tools/call", handle).Endpoint(),
			"stateless":  mcptest.StatelessOnMethod(t, "tools/call", handle).URL,
		} {
			out, errOut, code := run(t, "exec", "--no-record", "--no-get-stream", "--no-listen", url, "tools/call echo text=a", "tools/call echo text=b")
			if code != exitOK || strings.Count(out, tc.want) != 2 || strings.Count(out, "the server's progress for request") != 2 {
				t.Errorf("%s, %s: exit %d, want %q once for each call\n%s\n%s", tc.name, era, code, tc.want, out, errOut)
			}
		}
	}
	// Progress that rises to its total says nothing.
	srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		x.SSE()
		_ = x.Progress(1, 2, "")
		_ = x.Progress(2, 2, "")
		x.Result(mcptest.TextResult("done", false))
	})
	if out, errOut, code := run(t, "exec", "--no-record", "--no-get-stream", srv.Endpoint(), "tools/call echo text=a"); code != exitOK || strings.Contains(out, "progress for request") {
		t.Errorf("exit %d, want no word on progress that rises\n%s\n%s", code, out, errOut)
	}
}
