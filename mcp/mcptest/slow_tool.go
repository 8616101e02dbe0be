package mcptest

// SlowTool is a Handle for a streamable fake whose every tools/call is a
// slow tool: it logs "working" on its answer stream (an event with an id,
// with an event Store, so a client can resume the stream) and answers
// nothing until the client, or a proxy before it, lets go. Every other
// message is answered as Default answers it. It is how a client's ctrl+c
// on a slow call is tested.
func SlowTool(x *Exchange) {
	if !x.matches("tools/call") {
		x.Default()
		return
	}
	_ = x.Log("info", "working")
	<-x.Context().Done()
}
