package mcp

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// The retry of an input_required answer carries the requestState the server
// gave in that answer and no other: not the one the user's params carried
// when the server gave none, nor one spelled in another case
// (RequestState), which encoding/json, matching keys in any case, reads as
// requestState. Either way a server read an earlier round's state, or a
// value that is no string and refused the retry.
func TestRetryCarriesOnlyTheServersState(t *testing.T) {
	for _, c := range []struct {
		name, params, state, want string
	}{
		{"no state given", `{"name":"t","requestState":"old","RequestState":[]}`, ``, `{"name":"t","inputResponses":{"r":`},
		{"state given", `{"name":"t","requeststate":"old","requestState":"old","InputResponses":[]}`, `"new"`, `{"name":"t","requestState":"new","inputResponses":{"r":`},
	} {
		t.Run(c.name, func(t *testing.T) {
			state := ""
			if c.state != "" {
				state = `,"requestState":` + c.state
			}
			srv := mcptest.StatelessOnMethod(t, "tools/call", func(x *mcptest.Exchange) {
				if !strings.Contains(string(x.Params), `"inputResponses"`) {
					x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resultType":"input_required","inputRequests":{"r":{"method":"roots/list"}}` + state + `}}`)
					return
				}
				x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"resultType":"complete","content":[{"type":"text","text":` + quoteJSON(string(x.Params)) + `}]}}`)
			})
			s, _ := connect(t, Config{URL: srv.URL, Transport: TransportStateless, NoListen: true})
			resp, err := s.Request(testCtx(t), "tools/call", []byte(c.params))
			if err != nil {
				t.Fatalf("tools/call: %v", err)
			}
			// The params as sent, less the closing quote of the JSON string.
			want := strings.TrimSuffix(quoteJSON(c.want), `"`)
			if !strings.Contains(string(resp.Result), want) {
				t.Errorf("the retry of %s was %s; want params beginning %s", c.params, resp.Result, c.want)
			}
		})
	}
}
