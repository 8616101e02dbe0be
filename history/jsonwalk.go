package history

// jsonWalk reads JSON fed in pieces, holding none of it, for the members
// of its two shallowest objects: a record's payload member (rpc, raw) or an
// answer's result (result, resultType). A sessions listing reads a line
// longer than its buffer so (sessions_result_stream.go), where decoding it
// would hold the line whole.
type jsonWalk struct {
	depth   int // open containers
	inStr   bool
	esc     bool
	isKey   bool
	keyCut  bool
	keyBuf  []byte
	obj     [3]bool   // obj[d]: the container at depth d is an object
	wantKey [3]bool   // wantKey[d]: the next string at depth d is a key
	key     [3]string // key[d]: the member of the object at depth d being read
	pending int       // the depth of a member whose value is to start, 0 if none
	in2     bool      // reading the value of a member at depth 2
	// member is told each member of an object at depth 1 or 2 as its
	// value starts; value is given the bytes of a depth-2 member's value
	// as they come (its JSON text, quotes and escapes as written), and
	// end is told when it is over. Any may be nil.
	member func(d int, key string)
	value  func(b []byte)
	end    func()
}

// walkKeyMax is the longest key told by name; longer ones are told as "".
const walkKeyMax = 32

// feed reads the next piece of the JSON text.
func (w *jsonWalk) feed(b []byte) {
	for i := 0; i < len(b); {
		if w.inStr {
			i = w.str(b, i)
			continue
		}
		c := b[i]
		i++
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			w.emit(b[i-1 : i])
			continue
		}
		if w.pending > 0 {
			d := w.pending
			w.pending = 0
			if w.member != nil {
				w.member(d, w.key[d])
			}
			w.in2 = d == 2
		}
		switch c {
		case '"':
			w.inStr = true
			w.isKey = w.depth >= 1 && w.depth <= 2 && w.obj[w.depth] && w.wantKey[w.depth]
			w.keyBuf, w.keyCut = w.keyBuf[:0], false
			w.emit(b[i-1 : i])
		case '{', '[':
			w.emit(b[i-1 : i])
			w.depth++
			if w.depth <= 2 {
				w.obj[w.depth], w.wantKey[w.depth] = c == '{', c == '{'
			}
		case '}', ']':
			if w.depth == 2 {
				w.stop()
			}
			w.emit(b[i-1 : i])
			w.depth--
		case ':':
			w.emit(b[i-1 : i])
			if w.depth >= 1 && w.depth <= 2 && w.obj[w.depth] {
				w.pending = w.depth
			}
		case ',':
			if w.depth == 2 {
				w.stop()
			}
			w.emit(b[i-1 : i])
			if w.depth >= 1 && w.depth <= 2 && w.obj[w.depth] {
				w.wantKey[w.depth] = true
			}
		default:
			w.emit(b[i-1 : i])
		}
	}
}

// str reads string content from b[i:] up to and including its closing
// quote, and returns where it stopped. Escapes are skipped over in place,
// so a string of many is handed on in one piece, not one per escape.
func (w *jsonWalk) str(b []byte, i int) int {
	j := i
	if w.esc {
		w.esc, j = false, j+1
	}
	for j < len(b) {
		j += quoteOrEscape(b[j:])
		if j == len(b) {
			break
		}
		if b[j] == '"' {
			w.keyByte(b[i:j])
			w.emit(b[i : j+1])
			w.inStr = false
			if w.isKey {
				w.key[w.depth], w.wantKey[w.depth] = string(w.keyBuf), false
				if w.keyCut {
					w.key[w.depth] = ""
				}
			}
			return j + 1
		}
		if j+1 == len(b) {
			w.esc, j = true, len(b) // the escaped byte is in the next piece
			break
		}
		j += 2
	}
	w.keyByte(b[i:j])
	w.emit(b[i:j])
	return j
}

// keyByte keeps a key's bytes, as written, up to walkKeyMax.
func (w *jsonWalk) keyByte(b []byte) {
	if !w.isKey || w.keyCut {
		return
	}
	if len(w.keyBuf)+len(b) > walkKeyMax {
		w.keyCut = true
		return
	}
	w.keyBuf = append(w.keyBuf, b...)
}

func (w *jsonWalk) emit(b []byte) {
	if w.in2 && w.value != nil {
		w.value(b)
	}
}

// stop ends the value of the depth-2 member being read, if any.
func (w *jsonWalk) stop() {
	if w.in2 {
		w.in2 = false
		if w.end != nil {
			w.end()
		}
	}
}

// quoteOrEscape is where the first '"' or '\\' is in b, or len(b): a loop,
// not bytes.IndexAny, which costs a call each time where an answer may
// hold an escape every other byte.
func quoteOrEscape(b []byte) int {
	for i, c := range b {
		if c == '"' || c == '\\' {
			return i
		}
	}
	return len(b)
}
