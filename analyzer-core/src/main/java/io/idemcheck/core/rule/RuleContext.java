package io.idemcheck.core.rule;

/**
 * PLACEHOLDER added on the {@code cli} branch only so that the skeleton compiles ({@link Rule#check} refers to this
 * type, which the skeleton commit did not contain). The engine branch owns the real interface; when merging, take
 * the engine's version of this file.
 */
public interface RuleContext {
}
