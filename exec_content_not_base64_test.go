package main

import (
	"testing"

	"github.com/mcpscope/mcpscope/mcp/mcptest"
)

// A tool result whose binary blocks are not base64: an image, an audio
// clip and an embedded resource's blob each say how many characters came
// and that they are not base64; the resource said "-1 bytes".
func TestExecContentThatIsNotBase64IsSaidSo(t *testing.T) {
	srv := mcptest.OnMethod(t, "tools/call", func(x *mcptest.Exchange) {
		x.Reply(`{"jsonrpc":"2.0","id":` + string(x.ID) + `,"result":{"content":[` +
			`{"type":"image","data":"!!notb64","mimeType":"image/png"},` +
			`{"type":"audio","data":"@@@","mimeType":"audio/wav"},` +
			`{"type":"resource","resource":{"uri":"x://b","blob":"***","mimeType":"application/octet-stream"}}]}}`)
	})
	execShows(t, exitOK, "── tools/call echo\n"+
		"[image image/png, 8 base64 characters, not valid base64]\n"+
		"[audio audio/wav, 3 base64 characters, not valid base64]\n"+
		"[resource x://b (application/octet-stream), 3 base64 characters, not valid base64]\n",
		"exec", "--no-record", srv.Endpoint(), "tools/call echo text=hi")
}
