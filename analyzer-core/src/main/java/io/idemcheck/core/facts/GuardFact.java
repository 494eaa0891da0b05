package io.idemcheck.core.facts;

import io.idemcheck.core.util.Ordered;

import java.util.Set;

/**
 * A condition that decides whether code runs: the condition of an if whose branches enclose the code, or of an
 * earlier if whose then-branch leaves the block (continue, break, return, throw).
 *
 * @param id        index in {@link Body#guards()}
 * @param text      source text of the condition (at most 300 characters)
 * @param names     names the condition reads
 * @param callIds   calls made in the condition
 * @param earlyExit true when the guard is an if that leaves the block, guarding what follows it
 * @param range     region of the condition
 */
public record GuardFact(int id, String text, Set<String> names, Set<Integer> callIds, boolean earlyExit, Range range) implements java.io.Serializable {

    public GuardFact {
        names = Ordered.set(names);
        callIds = Shared.ids(callIds);
    }
}
