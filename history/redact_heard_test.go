package history

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/mcpscope/mcpscope/mcp"
)

// A proxied client's message whose request first carried a credential,
// and whose body holds it too, is written redacted: the credential is
// learnt from the headers the message's record carries (Heard), not only
// from the request's exchange recorded after it. So is the screen's copy.
func TestMessageRedactsTheCredentialOfItsOwnRequest(t *testing.T) {
	const secret = "heard-secret-token-4242"
	sent := mcp.Record{Seq: 1, Time: time.Now(), Kind: mcp.KindSent, RPC: &mcp.RPCMessage{Dir: mcp.DirOut, Class: mcp.ClassRequest, ID: "2", Method: "tools/call",
		Raw:   `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"greet","arguments":{"name":"Bearer ` + secret + `"}}}`,
		Heard: &mcp.HeardRequest{Headers: map[string][]string{"Authorization": {"Bearer " + secret}}}}}
	b, err := os.ReadFile(recordAs(t, testHeader(), []mcp.Record{sent}, proxyOptions))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), secret) || !strings.Contains(string(b), "tools/call") {
		t.Errorf("the recording holds the credential of the message's own request, or not the message:\n%s", b)
	}
	shown := newRedactor(proxyOptions, "http://127.0.0.1:1/mcp").view(sent)
	if strings.Contains(string(shown.RPC.Raw), secret) {
		t.Errorf("the screen's copy holds the credential: %s", shown.RPC.Raw)
	}
}
