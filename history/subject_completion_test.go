package history

import (
	"context"
	"testing"

	"github.com/mcpscope/mcpscope/mcp"
	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A completion/complete row names what it completed, the prompt or
// template and the argument, as a prompts/get row names its prompt:
// server-everything's completable-prompt completes department, then name
// for the department chosen, and six rows read "completion/complete" alike.
func TestCompletionRowsNameTheirArgument(t *testing.T) {
	srv := mcptest.OnMethod(t, "completion/complete", func(x *mcptest.Exchange) {
		x.Result(map[string]any{"completion": map[string]any{"values": []string{}}})
	})
	l := logOf(t, mcp.Config{URL: srv.Endpoint(), Transport: mcp.TransportStreamable}, func(ctx context.Context, s *mcp.Session) {
		for _, params := range []string{
			`{"ref":{"type":"ref/prompt","name":"completable-prompt"},"argument":{"name":"department","value":"E"}}`,
			`{"ref":{"type":"ref/resource","uri":"demo://resource/dynamic/text/{resourceId}"},"argument":{"name":"resourceId","value":"1"}}`,
		} {
			if _, err := s.Request(ctx, "completion/complete", []byte(params)); err != nil {
				t.Fatal(err)
			}
		}
	})
	var got []string
	for i := 0; i < l.PairCount(); i++ {
		if p := l.Pair(i); p.Method == "completion/complete" {
			got = append(got, p.Subject)
		}
	}
	want := []string{"completable-prompt department", "demo://resource/dynamic/text/{resourceId} resourceId"}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("completion/complete rows name %q, want %q", got, want)
	}
}
