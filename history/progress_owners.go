package history

import "github.com/mcpscope/mcpscope/mcp"

// ProgressOwners is which pending request owns each progress token
// (mcp.ProgressTokenOwned): the one tracker by which the Log folds a
// notifications/progress into its request's row, and exec says one that
// no request of ours owns (ForeignProgress), as the TUI's "foreign token"
// row does. Its reader names each request by a key of its own (the Log
// its row, exec its record's Seq). Of the pending requests naming one
// token (a proxied client using it again, an id sent again), the newest
// owns it: its progress is the one coming now; when it is answered, the
// newest of those still pending owns it again.
type ProgressOwners struct {
	// owners is, per token, the keys of the pending requests naming it,
	// oldest first: the last owns it. It holds each pending request once,
	// so it is bounded as they are.
	owners  map[string][]int64
	tokenOf map[int64]string // key of a pending request naming a token -> the token
}

// Own notes that the request of key, the message m, owns its progress
// token until it is answered (Release), and returns the token and whether
// m named it (else it is m's id). A pending request that owned the token
// before owns it again once this one is answered.
func (po *ProgressOwners) Own(key int64, m *mcp.RPCMessage) (string, bool) {
	token, named := mcp.ProgressTokenOwned(m.ID, string(m.Raw))
	if po.owners == nil {
		po.owners, po.tokenOf = map[string][]int64{}, map[int64]string{}
	}
	po.Release(key)
	po.owners[token], po.tokenOf[key] = append(po.owners[token], key), token
	return token, named
}

// Release notes that the request of key was answered: it names its token
// no more, which is the newest pending request's still naming it, if any.
func (po *ProgressOwners) Release(key int64) {
	token, ok := po.tokenOf[key]
	if !ok {
		return
	}
	delete(po.tokenOf, key)
	keys := po.owners[token]
	for i, k := range keys {
		if k == key {
			keys = append(keys[:i], keys[i+1:]...)
			break
		}
	}
	if len(keys) == 0 {
		delete(po.owners, token)
		return
	}
	po.owners[token] = keys
}

// Owner is the key of the pending request owning token, and whether one
// does.
func (po *ProgressOwners) Owner(token string) (int64, bool) {
	keys := po.owners[token]
	if len(keys) == 0 {
		return 0, false
	}
	return keys[len(keys)-1], true
}

// Len is how many pending requests name a token: what it holds.
func (po *ProgressOwners) Len() int { return len(po.tokenOf) }
