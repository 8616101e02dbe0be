package history

import (
	"encoding/json"
	"slices"

	"github.com/mcpscope/mcpscope/mcp"
)

// The resources the session is subscribed to, as the log tells it: in the
// 2025 eras each resources/subscribe the server answered with a result,
// less the resources/unsubscribe answered after it, since the last
// initialize (a new session has none); in 2026-07-28 the
// resourceSubscriptions of the newest listen request of the session's own
// (one the user typed is a subscription of its own beside it, as the
// specification lets a client hold several), which is where a
// subscription lives there, or, when the session opens no listen stream
// (--no-listen), those its listen state names. A session the server
// replaced or forgot has none either. The command line offers them to
// unsubscribe.

// subscribedAnswer follows a result answering a request of method about
// subject (its URI, whole: subscriptionURI).
func (s *surfaceIndex) subscribedAnswer(method, subject string) {
	switch method {
	case "initialize":
		s.setSubscribed(nil) // a new session
	case "resources/subscribe":
		if subject != "" && !s.isSubscribed[subject] {
			if s.isSubscribed == nil {
				s.isSubscribed = map[string]bool{}
			}
			s.isSubscribed[subject] = true
			s.subscribed = append(s.subscribed, subject)
		}
	case "resources/unsubscribe":
		if s.isSubscribed[subject] {
			delete(s.isSubscribed, subject)
			// A new slice: Surface hands the old one out.
			s.subscribed = slices.DeleteFunc(slices.Clone(s.subscribed), func(u string) bool { return u == subject })
		}
	}
}

// setSubscribed makes uris (no empty one) the URIs subscribed to.
func (s *surfaceIndex) setSubscribed(uris []string) {
	s.subscribed = slices.DeleteFunc(uris, func(u string) bool { return u == "" })
	s.isSubscribed = make(map[string]bool, len(s.subscribed))
	for _, u := range s.subscribed {
		s.isSubscribed[u] = true
	}
}

// subscribedListen follows a listen request we sent: its
// resourceSubscriptions are what the session is subscribed to now.
func (s *surfaceIndex) subscribedListen(m *mcp.RPCMessage) {
	if uris, ok := listenSubscriptions(m.Raw); ok {
		s.setSubscribed(uris)
	}
}

// listenSubscriptions are the resourceSubscriptions a listen request asks
// for (raw, the whole request), and whether its filter could be read.
func listenSubscriptions(raw mcp.Raw) ([]string, bool) {
	var env struct {
		Params json.RawMessage `json:"params"`
	}
	if json.Unmarshal([]byte(raw), &env) != nil {
		return nil, false
	}
	filter, err := mcp.ListenFilter(env.Params)
	if err != nil {
		return nil, false
	}
	var uris []string
	_ = json.Unmarshal(filter["resourceSubscriptions"], &uris)
	return uris, true
}
