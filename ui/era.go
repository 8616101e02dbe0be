package ui

import (
	"github.com/mcpscope/mcpscope/history"
	"github.com/mcpscope/mcpscope/mcp"
)

// syncEra words the initialize key for the era in use (a 2026 session has
// no initialize, and i sends server/discover there), and has the command
// line offer that era's methods, those the server declared first.
func (m *Model) syncEra() {
	desc := "send initialize"
	transport := m.com.log.Stats().Transport
	m.cmdline.SetTransport(transport)
	m.cmdline.SetCapabilities(m.com.log.Capabilities())
	if transport == mcp.TransportStateless {
		desc = "send server/discover"
	}
	if m.keys.Initialize.Help().Desc != desc {
		m.keys.Initialize.SetHelp(m.keys.Initialize.Help().Key, desc)
	}
}

// stateDiscovered is what a 2026 session's "initialized" is called on
// screen: that era has no initialize, server/discover opened it.
const stateDiscovered = "discovered"

// stateNewSession is what the screen calls a session-replaced: a
// reconnect opened a new session, which waits for initialize. The
// recordings keep the record's name.
const stateNewSession = "new session"

// stateExpired is what the screen calls a session-expired: the server no
// longer knows the session. The recordings keep the record's name.
const stateExpired = "session expired"

// stateWords is a session state in the words the screen shows it in.
func stateWords(state string) string {
	switch state {
	case mcp.StateSessionReplaced:
		return stateNewSession
	case mcp.StateExpired:
		return stateExpired
	}
	return state
}

// sessionState is the session's state as the screen names it.
func sessionState(log *history.Log) string {
	st := log.Stats()
	if st.State == mcp.StateInitialized && st.Transport == mcp.TransportStateless {
		return stateDiscovered
	}
	return st.State
}

// Why a request cannot go now, in the words every place says it with: the
// command line's hint, completion's status, the Pairs and Negotiation panes.
const (
	notConnected   = "not connected"
	notInitialized = "not initialized yet"
)

// notReady is why a request cannot go now (notConnected, notInitialized),
// then how to go on from the place it is read in, naming that place's
// keys; why alone when there is no way on from there.
func notReady(why, how string) string {
	if how == "" {
		return why
	}
	return why + ": " + how
}

// connectsFromLine is how a session is connected again from the command
// line, whose keys are the user's typing: r works outside it.
func connectsFromLine(k *KeyMap) string {
	return k.Reconnect.Help().Key + " (outside the command line) connects again"
}

// awaitsInitialize reports whether the session is open but not initialized:
// a legacy stream before i, or the new one a reconnect opened (replaced),
// where a request is refused in words that do not say to press i.
func awaitsInitialize(log *history.Log) bool {
	state := sessionState(log)
	return state == mcp.StateOpen || state == mcp.StateSessionReplaced
}
