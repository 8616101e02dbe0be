package mcp

// streamState is the one way a state of the session's stream for server
// messages (StateGetStream, StateListen) is made. over says the stream is
// over for good: nothing reopens it and nothing more comes on it, so an
// edge waiting for notifications (exec --linger) need not wait.
func streamState(state string, conn int, transport, detail string, over bool) Record {
	return Record{Kind: KindState, State: &StateChange{State: state, Conn: conn, Transport: transport, Detail: detail, Over: over}}
}
