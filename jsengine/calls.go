package jsengine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
)

// Calls is the engine as one function of bytes, the shape a WebAssembly
// program exports it in (jsengine/wasm/engine): a request is the function's
// name, a line break and its argument, and the answer is JSON,
// {"ok": value} or {"error": "..."}. load takes the pack's JSON text and
// answers its handle; every other function takes a JSON array, the handle
// first:
//
//	info [h]                    the pack (Info)
//	check [h, cards, days]      a journey's Verdict (days 0: the edition's)
//	setup [h, options]          a game set up, not dealt (State)
//	deal [h, state, "seed"]     the game dealt from seed, a decimal string
//	apply [h, state, seat, move] the state after seat's move (the master's state)
//	legal [h, state, seat]      the moves seat may make ([]Move)
//	bot [h, state, seat, name]  the bot's move, or null when seat is not to move
//	view [h, state, seat]       the state as seat sees it (State.ViewOf)
//	secrets [h, state]          what only the master knows (Secrets)
//
// A seat is a number or a boardgame.io playerID ("0"). A panic is an
// error answer, never a dead program.
type Calls struct {
	mu      sync.Mutex
	engines []*Engine
}

// Call answers one request.
func (c *Calls) Call(req []byte) (out []byte) {
	fn, arg, _ := bytes.Cut(req, []byte("\n"))
	defer func() {
		if r := recover(); r != nil {
			out = answer(nil, fmt.Errorf("%s: %v", fn, r))
		}
	}()
	v, err := c.call(string(fn), arg)
	return answer(v, err)
}

func answer(v any, err error) []byte {
	var out any = map[string]any{"ok": v}
	if err != nil {
		out = map[string]string{"error": err.Error()}
	}
	data, mErr := json.Marshal(out)
	if mErr != nil {
		data, _ = json.Marshal(map[string]string{"error": mErr.Error()})
	}
	return data
}

func (c *Calls) call(fn string, arg []byte) (any, error) {
	if fn == "load" {
		e, err := Load("pack", arg)
		if err != nil {
			return nil, err
		}
		c.mu.Lock()
		defer c.mu.Unlock()
		c.engines = append(c.engines, e)
		return len(c.engines) - 1, nil
	}
	want := map[string]int{"info": 1, "check": 3, "setup": 2, "deal": 3, "apply": 4, "legal": 3, "bot": 4, "view": 3, "secrets": 2}
	n, ok := want[fn]
	if !ok {
		return nil, fmt.Errorf("no function %q (want load, info, check, setup, deal, apply, legal, bot, view or secrets)", fn)
	}
	var args []json.RawMessage
	if err := json.Unmarshal(arg, &args); err != nil {
		return nil, fmt.Errorf("%s: the arguments are not a JSON array: %w", fn, err)
	}
	if len(args) < n {
		return nil, fmt.Errorf("%s takes %d arguments, not %d", fn, n, len(args))
	}
	var h int
	if err := json.Unmarshal(args[0], &h); err != nil {
		return nil, fmt.Errorf("%s: argument 1 is a pack's handle (what load answered)", fn)
	}
	c.mu.Lock()
	if h < 0 || h >= len(c.engines) {
		c.mu.Unlock()
		return nil, fmt.Errorf("%s: no pack %d is loaded", fn, h)
	}
	e := c.engines[h]
	c.mu.Unlock()
	decode := func(i int, v any) error {
		if err := json.Unmarshal(args[i], v); err != nil {
			return fmt.Errorf("%s: argument %d: %w", fn, i+1, err)
		}
		return nil
	}
	var st State
	if fn != "info" && fn != "check" && fn != "setup" {
		if err := decode(1, &st); err != nil {
			return nil, err
		}
	}
	seat := func() (int, error) {
		var n int
		if json.Unmarshal(args[2], &n) == nil {
			return n, nil
		}
		var s string
		if json.Unmarshal(args[2], &s) == nil {
			if n, err := strconv.Atoi(s); err == nil {
				return n, nil
			}
		}
		return 0, fmt.Errorf("%s: argument 3 is a seat: a number or a playerID (\"0\")", fn)
	}
	switch fn {
	case "info":
		return e.Info(), nil
	case "check":
		var cards []string
		var days int
		if err := decode(1, &cards); err != nil {
			return nil, err
		}
		if err := decode(2, &days); err != nil {
			return nil, err
		}
		return e.Check(cards, days), nil
	case "setup":
		var opts GameOptions
		if err := decode(1, &opts); err != nil {
			return nil, err
		}
		return e.Setup(opts)
	case "secrets":
		return e.Secrets(&st)
	case "deal":
		var s string
		if err := decode(2, &s); err != nil {
			return nil, err
		}
		seed, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("deal: seed %q: want a decimal number below 2^64", s)
		}
		return e.Deal(&st, seed)
	}
	s, err := seat()
	if err != nil {
		if fn == "view" && string(args[2]) == "null" {
			return st.ViewOf(-1), nil // a spectator
		}
		return nil, err
	}
	switch fn {
	case "apply":
		var m Move
		if err := decode(3, &m); err != nil {
			return nil, err
		}
		return e.Apply(&st, s, m)
	case "legal":
		return e.Legal(&st, s)
	case "bot":
		var name string
		if err := decode(3, &name); err != nil {
			return nil, err
		}
		return e.Bot(name, &st, s)
	}
	return st.ViewOf(s), nil
}
