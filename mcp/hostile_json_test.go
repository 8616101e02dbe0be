package mcp

import (
	"strings"
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A JSON answer that is not a JSON-RPC message says where it goes wrong.
func TestJSONAnswerThatIsNotRPCSaysWhy(t *testing.T) {
	for _, tc := range []struct{ name, body, want string }{
		{"byte order mark", "\xef\xbb\xbf{}", "byte order mark"},
		{"trailing bytes", `{"jsonrpc":"2.0","id":1,"result":{}} trailing`, `not JSON: more text follows the end of the JSON value at byte 37: …:1,"result":{}} ▶trailing`},
		{"an event stream", "event: message\ndata: {}\n\n", "reads as an event stream"},
		{"not an object", `"a string"`, "not an object"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, s, _ := dialStateless(t, mcptest.StatelessOptions{Handle: mcptest.HandleMethod("tools/list", func(x *mcptest.Exchange) {
				x.Status(200, "application/json", tc.body)
			})}, Config{NoListen: true})
			_, _, err := s.ListTools(testCtx(t), false)
			if CauseOf(err) != CauseNotJSONRPC || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("tools/list = %v (cause %q), want %q saying %q", err, CauseOf(err), CauseNotJSONRPC, tc.want)
			}
		})
	}
}

// A JSON-RPC error with megabytes of data, or one that is not an error
// object, is quoted in part by its text; the record keeps it whole.
func TestHugeErrorQuotedInPart(t *testing.T) {
	data := strings.Repeat("d", 3<<20)
	for _, tc := range []struct{ name, errv string }{
		{"data", `{"code":-32603,"message":"internal","data":"` + data + `"}`},
		{"not an error object", `{"code":"E1","message":"bad","data":"` + data + `"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, s, _ := dialStateless(t, mcptest.StatelessOptions{Handle: mcptest.HandleMethod("tools/list", func(x *mcptest.Exchange) {
				x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"error":` + tc.errv + `}`)
			})}, Config{NoListen: true})
			resp, err := s.Request(testCtx(t), "tools/list", nil)
			if err != nil || resp.Error == nil {
				t.Fatalf("tools/list = %v, %v; want the error answer", resp, err)
			}
			if msg := resp.Error.Error(); len(msg) > 4096 || !strings.Contains(msg, "bytes)") {
				t.Errorf("error text is %d bytes (%.200s), want it cut saying how long it was", len(msg), msg)
			}
			if len(resp.Raw) < 3<<20 {
				t.Errorf("the answer kept %d bytes, want all of it", len(resp.Raw))
			}
		})
	}
}

// A JSON-RPC error answered with a 4xx status is the request's answer
// however long it is, not a bare status error once it passes the 64 KiB the
// HTTP record keeps.
func TestLongErrorWithStatusIsTheAnswer(t *testing.T) {
	data := strings.Repeat("d", 200<<10)
	_, s, _ := dialStateless(t, mcptest.StatelessOptions{Handle: mcptest.HandleMethod("tools/list", func(x *mcptest.Exchange) {
		x.Fail(400, -32602, "bad params", data)
	})}, Config{NoListen: true})
	resp, err := s.Request(testCtx(t), "tools/list", nil)
	if err != nil || resp == nil || resp.Error == nil || resp.Error.Code != -32602 {
		t.Fatalf("tools/list = %v, %.200v; want the -32602 error as its answer", resp, err)
	}
}
