package io.idemcheck.core.summary;

import io.idemcheck.core.catalog.Vocabulary;
import io.idemcheck.core.facts.CallSite;
import io.idemcheck.core.facts.MethodFacts;
import io.idemcheck.core.index.MethodRef;
import io.idemcheck.core.index.ProjectIndex;
import io.idemcheck.core.index.TypeEntry;
import io.idemcheck.core.sql.SqlFacts;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Query: whether a call, or any call in a method's body (transitively through project methods), writes to the
 * database. Per-method answers are memoised under the assembler's lock.
 *
 * <p>The answer is exact and does not depend on which method was asked first: a method writes when some method it
 * reaches (itself included) has a call that writes directly. The walk is an iterative Tarjan pass over the project
 * methods with a body, so a cluster of methods that call each other gets one answer for all of them (there is no
 * depth limit to cut a long chain, and no recursion to overflow the stack), and each method is walked once per scan.
 * An answer that depended on where a cycle was entered (the first method asked saw "no write" where a cycle closed)
 * changed with the order in which rules running in parallel asked.
 */
final class DatabaseWrites {

    private final ProjectIndex index;
    private final DataAccess dataAccess;
    private final CallFacts facts;
    private final Object lock;

    DatabaseWrites(ProjectIndex index, DataAccess dataAccess, CallFacts facts, Object lock) {
        this.index = index;
        this.dataAccess = dataAccess;
        this.facts = facts;
        this.lock = lock;
    }

    private final Map<MethodFacts, Boolean> writesDb // guarded by lock
            = new IdentityHashMap<>();

    /**
     * True when call {@code c} of {@code m} writes to the database: it runs an INSERT, UPSERT, UPDATE or DELETE
     * (as far as its SQL is visible), records state, is a claim, is a database-local effect, is a data-access method
     * named insert*, update*, delete*, save*, remove* (and alike) whose SQL is not visible, or reaches a project
     * method whose body does one of these (transitively).
     */
    public boolean writesDatabase(MethodRef m, CallSite c) {
        CallInfo ci = facts.calls(m).get(c.id());
        Boolean direct = direct(ci, c);
        if (direct != null) {
            return direct;
        }
        for (MethodRef t : ci.target().targets()) {
            if (t.method().hasBody() && methodWritesDatabase(t)) {
                return true;
            }
        }
        return false;
    }

    /**
     * What call {@code c} decides by itself: true or false when its own facts answer (a record, a claim, a
     * database-local effect, visible SQL, or no project target with a body to look into: then its data-access name),
     * null when the answer is whether one of its project targets with a body writes.
     */
    private Boolean direct(CallInfo ci, CallSite c) {
        if (ci.isRecord() || ci.claim() || ci.effect() != null && ci.effect().isDatabaseLocal()) {
            return true;
        }
        if (Effects.known(ci.statements())) {
            return ci.statements().stream().anyMatch(st -> st.shapes().stream().anyMatch(SqlFacts::isWrite));
        }
        for (MethodRef t : ci.target().targets()) {
            if (t.method().hasBody()) {
                return null;
            }
        }
        TypeEntry te = index.typeOf(ci.target().receiverType()).orElse(null);
        return te != null && dataAccess.isDataAccess(te)
                && index.catalog().terms(Vocabulary.DB_WRITE_METHOD_NAMES).has(c.name());
    }

    /** True when some call in {@code m}'s body writes to the database ({@link #writesDatabase}). Cached. */
    public boolean methodWritesDatabase(MethodRef m) {
        if (!m.method().hasBody()) {
            return false;
        }
        synchronized (lock) {
            Boolean b = writesDb.get(m.method());
            return b != null ? b : walk(m);
        }
    }

    /** One method on the walk: its Tarjan numbers, what its own calls decide, and the callees still to visit. */
    private static final class Node {
        final MethodRef method;
        final int index;
        int low;
        boolean onStack = true;
        boolean writes;
        final List<MethodRef> callees = new ArrayList<>();
        int next;

        Node(MethodRef method, int index) {
            this.method = method;
            this.index = index;
            this.low = index;
        }
    }

    /** Tarjan's strongly connected components from {@code root}, memoising every component it completes. */
    private boolean walk(MethodRef root) {
        Map<MethodFacts, Node> nodes = new IdentityHashMap<>();
        Deque<Node> stack = new ArrayDeque<>(); // the component stack
        Deque<Node> path = new ArrayDeque<>(); // the walk itself, in place of recursion
        path.push(open(root, nodes, stack));
        while (!path.isEmpty()) {
            Node v = path.peek();
            if (v.next < v.callees.size()) {
                MethodRef w = v.callees.get(v.next++);
                Boolean known = writesDb.get(w.method());
                Node wn = nodes.get(w.method());
                if (known != null) {
                    v.writes |= known;
                } else if (wn == null) {
                    path.push(open(w, nodes, stack));
                } else if (wn.onStack) {
                    v.low = Math.min(v.low, wn.index);
                }
                continue;
            }
            path.pop();
            Node parent = path.peek();
            if (v.low == v.index) {
                List<Node> component = new ArrayList<>();
                boolean writes = false;
                Node x;
                do {
                    x = stack.pop();
                    x.onStack = false;
                    component.add(x);
                    writes |= x.writes;
                } while (x != v);
                for (Node y : component) {
                    writesDb.put(y.method.method(), writes);
                }
                if (parent != null) {
                    parent.writes |= writes;
                }
            } else if (parent != null) {
                parent.low = Math.min(parent.low, v.low);
                parent.writes |= v.writes;
            }
        }
        return writesDb.get(root.method());
    }

    /** Numbers {@code m}, decides what its own calls decide and lists the project callees to look into. */
    private Node open(MethodRef m, Map<MethodFacts, Node> nodes, Deque<Node> stack) {
        Node n = new Node(m, nodes.size());
        nodes.put(m.method(), n);
        stack.push(n);
        List<CallInfo> infos = facts.calls(m);
        for (CallSite c : m.method().body().calls()) {
            CallInfo ci = infos.get(c.id());
            Boolean direct = direct(ci, c);
            if (direct == null) {
                for (MethodRef t : ci.target().targets()) {
                    if (t.method().hasBody()) {
                        n.callees.add(t);
                    }
                }
            } else if (direct) {
                n.writes = true;
                n.callees.clear(); // it writes whatever its callees do
                break;
            }
        }
        return n;
    }
}
