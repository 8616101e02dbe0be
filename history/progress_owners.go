package history

import "github.com/mcpscope/mcpscope/mcp"

// ProgressOwners is which pending request owns each progress token
// (mcp.ProgressTokenOwned): the one tracker by which the Log folds a
// notifications/progress into its request's row, and exec says one that
// no request of ours owns (ForeignProgress), as the TUI's "foreign token"
// row does. Its reader names each request by a key of its own (the Log
// its row, exec its record's Seq). Of the pending requests naming one
// token (a proxied client using it again, an id sent again), the newest
// owns it: its progress is the one coming now.
type ProgressOwners struct {
	owner   map[string]int64 // token -> the key of the request owning it
	tokenOf map[int64]string // key of a request owning a token -> the token
}

// Own notes that the request of key, the message m, owns its progress
// token until it is answered (Release), and returns the token and whether
// m named it (else it is m's id). A request that owned the token before
// no longer does.
func (po *ProgressOwners) Own(key int64, m *mcp.RPCMessage) (string, bool) {
	token, named := mcp.ProgressTokenOwned(m.ID, string(m.Raw))
	if po.owner == nil {
		po.owner, po.tokenOf = map[string]int64{}, map[int64]string{}
	}
	po.Release(key)
	if before, ok := po.owner[token]; ok {
		delete(po.tokenOf, before)
	}
	po.owner[token], po.tokenOf[key] = key, token
	return token, named
}

// Release notes that the request of key was answered: the token it owns,
// if it still does, is no pending request's.
func (po *ProgressOwners) Release(key int64) {
	token, ok := po.tokenOf[key]
	if !ok {
		return
	}
	delete(po.tokenOf, key)
	delete(po.owner, token)
}

// Owner is the key of the pending request owning token, and whether one
// does.
func (po *ProgressOwners) Owner(token string) (int64, bool) {
	key, ok := po.owner[token]
	return key, ok
}

// Len is how many pending requests own a token.
func (po *ProgressOwners) Len() int { return len(po.owner) }
