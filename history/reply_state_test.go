package history

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/demo"
	"github.com/mcpscope/mcpscope/mcp/demo/demotest"
)

// answering answers every question with one reply, or declines.
type answering struct{ reply string }

func (a answering) Answer(context.Context, mcp.InputRequest) (json.RawMessage, error) {
	if a.reply == "" {
		return nil, mcp.ErrDeclined
	}
	return json.RawMessage(a.reply), nil
}

// A server request the user declined or cancelled, over SSE and
// streamable HTTP, ends as they chose, in the log and the Markdown export
// alike: it read "answered" whatever the answer was, where the same
// decline in 2026 read "declined".
func TestServerRequestDeclinedOrCancelledSaysSo(t *testing.T) {
	srv := demotest.Start(t, demo.Options{})
	for _, era := range []struct{ name, url, transport string }{
		{"sse", srv.SSEURL(), mcp.TransportSSE},
		{"streamable", srv.MCPURL(), mcp.TransportStreamable},
	} {
		for _, tc := range []struct {
			name, tool, args, reply string
			want                    PairState
		}{
			{"form declined", "confirm", `{"action":"deploy"}`, `{"action":"decline"}`, StateDeclined},
			{"form cancelled", "confirm", `{"action":"deploy"}`, `{"action":"cancel"}`, StateUserCancelled},
			{"sampling declined", "sample", `{"prompt":"hi"}`, "", StateDeclined},
		} {
			t.Run(era.name+"/"+tc.name, func(t *testing.T) {
				l := logOf(t, mcp.Config{URL: era.url, Transport: era.transport, NoGetStream: true, Answerer: answering{tc.reply}}, func(ctx context.Context, s *mcp.Session) {
					if _, err := s.Initialize(ctx); err != nil {
						t.Fatal(err)
					}
					_, _ = s.CallTool(ctx, tc.tool, json.RawMessage(tc.args))
				})
				var asked *Pair
				for i := range l.PairCount() {
					if p := l.Pair(i); p.Kind == KindServerRequest && p.Method != "ping" {
						asked = p
					}
				}
				if asked == nil || asked.State != tc.want || asked.State.Failed() {
					var rows []string
					for i := range l.PairCount() {
						rows = append(rows, l.Pair(i).Method+" "+string(l.Pair(i).State))
					}
					t.Fatalf("the server's request reads %v, want %q (rows %q)", asked, tc.want, rows)
				}
				var md strings.Builder
				if err := ExportMarkdown(&md, Header{URL: era.url, Transport: era.transport}, l); err != nil {
					t.Fatal(err)
				}
				heading := "`" + asked.Method + "`: "
				if out := md.String(); !strings.Contains(out, heading+string(tc.want)+"\n") || strings.Contains(out, heading+"answered") {
					t.Errorf("the export does not say %q of the server's request:\n%s", tc.want, out)
				}
			})
		}
	}
}
