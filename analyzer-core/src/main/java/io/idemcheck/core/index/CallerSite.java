package io.idemcheck.core.index;

import io.idemcheck.core.facts.CallSite;

/**
 * One call that may run a method: the calling method and the call in its body ({@link ProjectIndex#callSitesOf}).
 *
 * @param caller the method whose body holds the call (main code, with a body)
 * @param via    the call, one of {@code caller}'s calls
 */
public record CallerSite(MethodRef caller, CallSite via) {
}
