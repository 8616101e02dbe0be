package mcptest

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// Unlabelled starts a server on 127.0.0.1 that answers every POST with its
// JSON-RPC answer and no Content-Type, as a 2025 server would answer:
// initialize with its result, server/discover with -32601. A GET is
// refused 405. Detection must read the missing label as what is wrong,
// not the URL. It returns the base URL and stops in t.Cleanup.
func Unlabelled(t testing.TB) string {
	t.Helper()
	return RawAnswers(t, func(req *http.Request, body []byte) (string, bool) {
		if req.Method != http.MethodPost {
			return "HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n", false
		}
		id := RawID(string(body))
		answer := `{"jsonrpc":"2.0","id":` + id + `,"result":{"protocolVersion":"2025-06-18","capabilities":{},"serverInfo":{"name":"x","version":"1"}}}`
		if strings.Contains(string(body), `"server/discover"`) {
			answer = `{"jsonrpc":"2.0","id":` + id + `,"error":{"code":-32601,"message":"Method not found"}}`
		}
		return "HTTP/1.1 200 OK\r\nContent-Length: " + strconv.Itoa(len(answer)) + "\r\n\r\n" + answer, false
	})
}
