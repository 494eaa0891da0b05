package io.idemcheck.core.catalog;

import java.util.Locale;

/**
 * The named word lists of the catalog ({@code "vocabularies"} in {@code catalog.json}): each constant is one key,
 * spelt in lower camel case ({@link #key()}), and is read by exactly one concern of the analyzer. A key in the file
 * with no constant here, or a constant with no key in the file, fails the catalog's loading with a message naming
 * the key. To teach the tool a new word, add it to the list in {@code catalog.json}; to add a new list, add a constant
 * here and its entry there. See docs/catalog.md for the evidence each list produces.
 */
public enum Vocabulary {
    /** Status values that mean "someone is working on this row now" (RUNNING, PROCESSING). Exact, upper case. */
    IN_PROGRESS_STATES,
    /**
     * Shapes of a status value naming work under way (a word ending in -ING: EXPORTING, RUNNING_EXECUTION; IN_FLIGHT),
     * read as {@code (?:^|_)(SHAPES)(?:_|$)} on the upper-case value; see {@link #NOT_IN_PROGRESS_WORDS}. Regex
     * alternatives.
     */
    IN_PROGRESS_STATE_SHAPES,
    /**
     * Words that keep a value of an in-progress shape from naming work under way: waiting (PENDING, AWAITING),
     * look-alikes (STRING, MISSING) and negations (NOT_RUNNING). Exact, upper case, compared per '_'-separated word.
     */
    NOT_IN_PROGRESS_WORDS,
    /** Status values that put an item back in the queue (PENDING, RETRY). Exact, upper case. */
    RETRY_STATES,
    /** Status values that end work (DONE, FAILED): a conditional move to one completes, it does not claim. */
    TERMINAL_STATES,
    /** Status-like columns that are display or soft-delete flags, not a work item's state. Exact, lower case. */
    FLAG_COLUMNS,
    /**
     * Words naming what was sent and waits for its acknowledgement (UNCONFIRMED, WAIT_ACK, findByAckedFalse), in a
     * status value or a select's name. Regex alternatives, read as {@code (?i)\w*(WORDS)\w*}.
     */
    AWAITING_ACK_WORDS,
    /** Columns recording whether a row was acknowledged (confirm_status, is_acked). Regex, whole column name. */
    ACK_COLUMNS,
    /** Calls listing the files of a directory (listFiles, Files.list as Type.method). Exact. */
    DIRECTORY_LIST_CALLS,
    /** Calls that take a lock (lock, tryLock). Exact method names. */
    LOCK_CALLS,
    /** In-process lock types (ReentrantLock): they do not span JVMs. Exact simple names. */
    LOCAL_LOCK_TYPES,
    /** Distributed lock types (Redisson's RLock). Exact simple names. */
    DISTRIBUTED_LOCK_TYPES,
    /** Calls that release a lock. Exact method names. */
    LOCK_RELEASE_CALLS,
    /** Calls that run a Redis Lua script (a lock's compare-and-delete). Exact method names. */
    LUA_SCRIPT_CALLS,
    /** Calls that hand out a distributed lock object ({@code redisson.getLock(..)}, {@code registry.obtain(..)}): a
     * lock call on what one returned takes a distributed lock. Exact method names, found as {@code name(} in the
     * receiver's source. */
    DISTRIBUTED_LOCK_FACTORY_CALLS,
    /** Library calls that run the task they are given (a lambda, a method reference) while holding a distributed lock
     * ({@code executeWithLock}, {@code executeInLock}, {@code runWithLock}). Name patterns. */
    LOCKED_TASK_CALLS,
    /** Library types whose task-running calls ({@link #TASK_RUN_CALLS}) run the task while holding a distributed lock
     * ({@code RedisLockTemplate.run(key, task)}). Simple-name patterns. */
    LOCK_TASK_TYPES,
    /** Calls that run a task object (run, get, call): a project lock helper making one on its parameter between the
     * acquisition and the release runs the task under the lock. Exact method names. */
    TASK_RUN_CALLS,
    /** Calls that configure a Spring AMQP listener container so that a failing message is not requeued forever
     * (setDefaultRequeueRejected, an advice chain, a dead-letter exchange). Exact method names. */
    REDELIVERY_BOUNDING_CALLS,
    /** Types whose use (created or caught) stops a failing message from being requeued forever
     * (AmqpRejectAndDontRequeueException, RepublishMessageRecoverer). Exact simple names. */
    REDELIVERY_BOUNDING_TYPES,
    /** Annotations that send a method parameter under a name in a request ({@code @PathVariable("id")},
     * {@code @RequestHeader}, JAX-RS and Retrofit ones): the name tells what the value is. Exact simple names. */
    BINDING_ANNOTATIONS,
    /**
     * jDBI SQL-object annotations: their value is the statement, or, when empty, the method's statement is found by
     * a locator (a {@code .sql.stg} template named after the method). Exact simple names.
     */
    SQL_OBJECT_ANNOTATIONS,
    /** Annotations of a test method. Exact simple names. */
    TEST_ANNOTATIONS,
    /** Annotations of a test set-up method. Exact simple names. */
    TEST_SETUP_ANNOTATIONS,
    /** Assertion calls that can count how often an effect happened. Exact method names. */
    COUNT_ASSERTIONS,
    /** Calls of a crash harness (kill the job midway). Exact method names. */
    CRASH_HARNESS_CALLS,
    /** Methods that hand a lambda to another thread or a later time (submit, thenApply). Exact method names. */
    ASYNC_HANDOFF_METHODS,
    /** Message-listener annotations whose container redelivers on failure. Exact simple names. */
    RETRY_LISTENER_ANNOTATIONS,
    /** Listener interfaces whose container redelivers a message when the method throws, as Type.method. Exact. */
    RETRY_LISTENER_INTERFACES,
    /** Client builder calls that give an HTTP client a retryer of its own (Feign's {@code retryer(..)}). Exact. */
    CLIENT_RETRYER_CALLS,
    /** Bean types that are an HTTP client's retryer (Feign's {@code Retryer}). Exact simple names. */
    CLIENT_RETRYER_TYPES,
    /** Values that configure a client retryer not to retry ({@code Retryer.NEVER_RETRY}). Substrings. */
    NO_RETRY_VALUES,
    /** Annotations of a handler whose delivery is recorded as processed only after the method returns (a persistent
     * bus subscriber): a crash after an effect in it delivers the event again. Exact fully qualified names. */
    ACK_AFTER_RETURN_ANNOTATIONS,
    /** Handler interface methods whose delivery (or run) is recorded as done only after the method returns (a
     * notification-queue handler, a job-item executor with failover), as Type.method. Exact. */
    ACK_AFTER_RETURN_INTERFACES,
    /** Calls that run the lambda or method reference they are given on a timer, again and again: what they run is a
     * job. Exact method names. */
    SCHEDULED_TASK_CALLS,
    /** Calls that register the lambda or method reference they are given as a message consumer: what they register is
     * a job entry. Exact method names. */
    LISTENER_REGISTRATION_CALLS,
    /** Types a bean method returns that a message binder calls for each message (Spring Cloud Stream functional
     * consumers): such a bean method is a job entry. Exact simple names. */
    FUNCTIONAL_CONSUMER_TYPES,
    /** Annotations that make a method's result an application-context bean. Exact simple names. */
    BEAN_METHOD_ANNOTATIONS,
    /** Calls that wait inside a loop that runs until a flag says stop: such a loop is a job of its own. Exact method
     * names. */
    LOOP_WAIT_CALLS,
    /** Annotations that map a method or a class to an HTTP path. Exact simple names. */
    REQUEST_MAPPING_ANNOTATIONS,
    /** Words of an HTTP path that an outside scheduler calls to run a batch. Exact, lower case. */
    JOB_ENDPOINT_PATH_WORDS,
    /** Words of a POST path another system calls back and calls again until it gets a success. Exact, lower case. */
    WEBHOOK_PATH_WORDS,
    /** Types whose loads return entities the persistence context manages (a Spring Data repository, an
     * EntityManager): a setter on one is written at commit. Exact simple names. */
    MANAGED_ENTITY_REPOSITORIES,
    /** Chunk writers a fault-tolerant Spring Batch step runs again (item by item) when a write fails, as
     * Type.method. Exact. */
    RERUN_CHUNK_WRITERS,
    /** Builder calls that make a Spring Batch step fault tolerant (skip, retry, scan). Exact method names. */
    FAULT_TOLERANT_STEP_CALLS,
    /** Methods of a retry template that run the retried callback. Exact method names. */
    RETRY_TEMPLATE_METHODS,
    /** Resilience4j decorators and executors that retry a callback. Exact method names. */
    RETRY_DECORATORS,
    /** Data-access method names that write to the database when their SQL is not visible. Name patterns. */
    DB_WRITE_METHOD_NAMES,
    /** Data-access method names that insert a row when their SQL is not visible. Name patterns. */
    DB_INSERT_METHOD_NAMES,
    /** Data-access method names that insert a row when given a fresh entity (new or built). Name patterns. */
    DB_SAVE_METHOD_NAMES,
    /** Entity-insert calls (MyBatis-Plus insert, JPA save, persist). Exact method names. */
    ENTITY_INSERT_METHODS,
    /** Calls that set a header on a request (where an Idempotency-Key header is set). Exact method names. */
    KEY_HEADER_SETTERS,
    /** Factory calls that build an idempotency key, as Type.method. */
    KEY_FACTORIES,
    /** Text that makes a key different on every run (randomUUID, now). Substrings of the key's expression. */
    NON_DETERMINISTIC_KEY_CALLS,
    /** Calls with no arguments whose value is the clock or a random value, never the item's (now, randomUUID): a lock key read through one does not vary with the item. Exact method names. */
    CLOCK_CALLS,
    /** HTTP sending calls whose request is built separately (newCall, send): read-only when it is a GET. Exact. */
    HTTP_REQUEST_SENDS,
    /** Text of a request builder that makes an HTTP call mutating (.post(, HttpMethod.PUT). Substrings. */
    MUTATING_HTTP_MARKERS,
    /** MyBatis-Plus wrapper methods that add a WHERE condition (eq, in). Exact method names. */
    WRAPPER_WHERE_METHODS,
    /** Names of failure handlers (onFailure, recover) where putting an item back is a retry. Exact. */
    FAILURE_HANDLER_NAMES,
    /** Claim calls whose result is a row count (update, executeUpdate). Exact method names. */
    ROW_COUNT_CLAIMS,
    /** Claim calls whose result is a boolean (tryLock, setIfAbsent). Exact method names. */
    BOOLEAN_CLAIMS,
    /** Accessors that read an item's status (getStatus, isProcessed). Name patterns. */
    STATUS_ACCESSORS,
    /** Method names that read rows (find*, select*). Name patterns. */
    READ_METHOD_NAMES,
    /**
     * Words that make a table append-only by design when its name is the word or ends with {@code _word}
     * ({@code payment_log}). Exact, lower case; compared with the lower-cased table name.
     */
    APPEND_ONLY_TABLE_WORDS,
    /** Words that name a child table after its parent ({@code order_item}, {@code invoice_line}): with a column
     * referring to the parent, the table holds several rows per parent and needs no unique business key of its own.
     * Exact, lower case. */
    CHILD_TABLE_WORDS,
    /** Words that make a table append-only by design when its name starts with {@code word_} ({@code audit_order}). */
    APPEND_ONLY_TABLE_PREFIXES,
    /** JDBC and Spring JDBC types whose calls take the SQL text first (JdbcTemplate, Statement). Exact simple names. */
    JDBC_SQL_TYPES,
    /** Calls on those types that run the SQL text of their first argument (update, execute). Exact method names. */
    JDBC_SQL_CALLS,
    /** Calls that prepare SQL text to run later (prepareStatement). Exact method names. */
    JDBC_PREPARE_CALLS,
    /** Calls that run a prepared statement (executeUpdate, executeBatch). Exact method names. */
    JDBC_EXECUTE_CALLS,
    /** JDBC row cursor types (ResultSet, SqlRowSet): a loop over one iterates rows read. Exact simple names. */
    ROW_CURSOR_TYPES,
    /** Retry libraries' setters of the attempt limit (maxAttempts, withMaxRetries). Exact method names. */
    RETRY_LIMIT_SETTERS,
    /** Effect methods whose repetition changes nothing (delete, remove): a lock is not needed to make them once. Name patterns. */
    IDEMPOTENT_EFFECT_METHODS,
    /** Calls that check whether a remote object exists (exists, doesObjectExist): an effect guarded by one is redone only
     * when it was not done. Name patterns. */
    EXISTENCE_CHECKS,
    /** Library calls that fetch work items from a store (listBlobs, poll, find): a loop over their result is a batch of
     * work items. Name patterns. */
    WORK_ITEM_SOURCES,
    /** Stream and collection methods that run the function they are given once per element (forEach, map). Exact. */
    ITERATING_METHODS,
    /** Members a library supertype declares whose type is the supertype's first type argument as the subclass writes
     * it ({@code ServiceImpl<OrderMapper, Order>}: {@code baseMapper} and {@code getBaseMapper()} are an
     * OrderMapper), as {@code Supertype.field} or {@code Supertype.getter()}. Exact, simple supertype names. */
    TYPE_ARGUMENT_MEMBERS,
    /** What a library factory or fluent builder method returns, so a chain of calls on a library object is typed call
     * by call ({@code client.target(url).request().post(..)}: Client#target returns a WebTarget, WebTarget#request an
     * Invocation.Builder, whose post is the catalogued effect), as {@code Type#method=ReturnType} with several
     * methods separated by {@code |}. Exact. */
    LIBRARY_RETURN_TYPES,
    /** Columns that identify one row (id, order_no): a WHERE on one takes a row, a WHERE without one is set-based.
     * Column name patterns. */
    ROW_IDENTITY_COLUMNS,
    /** Columns that hold a point in time (end_time, locked_until): a WHERE on one with no row selects rows by age.
     * Column name patterns. */
    TIME_COLUMNS,
    /** Last words of table names whose rows are runs or queued commands (command, workflow_instance): each insert
     * is a new run by design. Exact, lower case. */
    RUN_TABLE_WORDS,
    /** Words that make a column an idempotency or request key on its own (request_id, dedup). Substrings. */
    REQUEST_KEY_COLUMN_WORDS,
    /** Columns holding a business number or a reference to what a row is made for (order_item_sn, message_id).
     * Column name patterns. */
    BUSINESS_NUMBER_COLUMNS,
    /** Columns referencing the job's own work item (task_id, settlement_id): one row per item, with its period.
     * Column name patterns. */
    WORK_ITEM_COLUMNS,
    /** Columns that say whose row it is (member_id, store_id): many rows per owner are legitimate. Patterns. */
    OWNER_COLUMNS,
    /** Columns that tell rows of one thing apart by kind (flow_type, channel). Column name patterns. */
    DISCRIMINATOR_COLUMNS,
    /** Columns holding the period a row is for (biz_date, start_time). Column name patterns. */
    PERIOD_COLUMNS,
    /** Columns recording when a row was written (gmt_create, update_time): never part of a business key. Patterns. */
    TIMESTAMP_COLUMNS,
    /** Calls that record that an item failed as an event or log row, without changing its state (saveEvent,
     * createDocFailureEvent): a failure path doing only this leaves the item to be selected again. Patterns. */
    FAILURE_EVENT_WRITES,
    /** Retry-limit setters for which -1 means forever (Failsafe withMaxRetries, ActiveMQ setMaximumRedeliveries).
     * Exact method names. */
    FOREVER_AT_MINUS_ONE_SETTERS,
    /** Words naming a dead-letter queue or topic (deadLetter, dlq): a loop receiving from one and sending each message
     * on replays messages that already failed. Substrings, matched case-insensitively. */
    DEAD_LETTER_WORDS,
    /** Last words of a variable name that holds a row's key (orderId, taskNo, refs), matched case-insensitively at the end, with an optional plural s. Regex alternatives. */
    ROW_KEY_NAMES,
    /** Words of a name or text that holds an attempt count (retryCount, fail_times, x-death), found anywhere in it, case-insensitively. Regex alternatives. */
    RETRY_COUNT_NAMES,
    /** Words of a column that holds an amount of money or goods (balance, rebate, stock), found anywhere in the
     * column's name, case-insensitively: an UPDATE that adds to or subtracts from one relative to its own value
     * ({@code SET balance = balance + ?}) is an effect a repetition applies twice. Regex alternatives. */
    BALANCE_COLUMN_WORDS,
    /** Tokens of a time bound in a condition (currentTimeMillis, deadline, Duration), found anywhere in it, case-insensitively. Regex alternatives. */
    TIME_BOUND_TOKENS,
    /** Values of a retry limit that mean no limit (Integer.MAX_VALUE, UNLIMITED), found anywhere in the value's text. Regex alternatives, case-sensitive. */
    UNBOUNDED_LIMIT_VALUES,
    /** Columns that name the worker holding a row (locked_by, worker_id): setting one takes the row. Whole column names, case-insensitive. Regex alternatives. */
    CLAIM_OWNER_COLUMNS,
    /** Flag columns that mark a row taken (is_locked, picked): setting one moves the row in progress. Whole column names, case-insensitive. Regex alternatives. */
    IN_PROGRESS_FLAG_COLUMNS,
    /** Columns holding when a row was last touched or when its hold ends (gmt_modified, locked_at, lease_until): a predicate on one selects rows by age. Whole column names, case-insensitive. Regex alternatives. */
    STALE_TIME_COLUMNS,
    /** Columns holding a lease or heartbeat (lease_until, heartbeat_at, timeout): a predicate on one recovers held rows whatever the state column. Whole column names, case-insensitive. Regex alternatives. */
    LEASE_COLUMNS,
    /** SQL functions that take a database advisory lock (pg_advisory_lock, GET_LOCK), found in a statement's or a call's text, case-insensitively. Regex alternatives. */
    ADVISORY_LOCK_CALLS,
    /** SQL functions that release a database advisory lock (pg_advisory_unlock, RELEASE_LOCK), found in a text, case-insensitively. Regex alternatives. */
    ADVISORY_UNLOCK_CALLS,
    /** Redis commands that make a Lua script a lock (SETNX, SET .. NX, PEXPIRE), found after redis.call in the script, case-insensitively. Regex alternatives. */
    LUA_LOCK_COMMANDS,
    /** Beginnings of the name of a remote-client method that obtains a credential (authenticateUser, login, exchangeToken): a repeat issues another one and duplicates nothing, so the call is no effect. Regex alternatives, read case-insensitively as {@code (?i)(WORDS).*}. */
    CREDENTIAL_CALL_WORDS,
    /** Calls that store a value under a key of a key-value store whatever is stored there now (Jedis.hset, KV.put, opsForValue().set): {@code Type.method} for a call on a variable or field of that type, {@code accessor().method} for a call chained on an accessor's result. Exact. */
    KEY_VALUE_WRITES,
    /** Key-value writes whose last argument is the version the stored value must still have (ZooKeeper.setData), as Type.method or accessor().method: a compare-and-set unless the version is -1 or was read by the same method (keyValueVersionReads). Exact. */
    KEY_VALUE_VERSIONED_WRITES,
    /** Calls that read the current version of a key (ZooKeeper.exists), as Type.method or accessor().method: a versioned write given the version just read this way compares with nothing a caller saw. Exact. */
    KEY_VALUE_VERSION_READS,
    /** Words of a key-value write's arguments (or of a local they pass) that make it conditional (NX: only if absent), found anywhere in them, case-insensitively. Regex alternatives. */
    KEY_VALUE_CONDITION_ARGS,
    /** JPA relation annotations (OneToMany) on an aggregate's field holding entities: with cascade ALL or MERGE, a save of the aggregate writes what was set on them. Exact simple names. */
    CASCADING_RELATION_ANNOTATIONS,
    /** Text of a test call that arms a crash point of idemcheck's runtime-test harness (CrashPoints, withCrashPoint), found anywhere in it. Regex alternatives, case-sensitive. */
    CRASH_POINT_TEXT,
    /** Name beginnings of a test double's method that injects a failure (crashAfter, failOnRecord, throwWhen), case-insensitively. Regex alternatives. */
    CRASH_HOOK_NAMES,
    /** Words of a condition in a test double that decides to throw (crash, fail, boom), found anywhere in it, case-insensitively. Regex alternatives. */
    THROWING_GUARD_WORDS,
    /** Verbs that begin the name of a method that only reads (fetchConfig, doLongPolling, ping), case-insensitively, after an optional do/long. Regex alternatives. */
    READ_VERB_NAMES,
    /** Words that follow mark/set/update..To in the name of a method that moves a row in progress (markRunning, setProcessing, updateStatusToSending), case-insensitively. Regex alternatives. */
    IN_PROGRESS_MARK_WORDS,
    /** Verbs that begin the name of a call inserting a fresh entity (insertTask, addRecord, save): with its result as the condition the work runs under, the inserted in-progress row is a guard. Regex alternatives, case-sensitive. */
    GUARD_INSERT_VERBS,
    /** Words naming an item's status in a column or a method name (status, state): a SELECT by the column so named (normalised, lower case), or a call whose name holds the word (capitalised, selectByStatus), selects rows by status. Regex alternatives, case-sensitive. */
    STATUS_WORDS,
    /** Calls of idemcheck's runtime library (as Type.method) that record the claimed item's new state (TaskClaimer.complete, TaskClaimer.fail). Exact. */
    RUNTIME_RECORD_CALLS,
    /** Calls of idemcheck's runtime library (as Type.method) that claim the item (TaskClaimer.claim). Exact. */
    RUNTIME_CLAIM_CALLS,
    /** Caught types, as written, that take every failure (Exception, Throwable); besides these any type named *Exception catches a failure. Exact. */
    CATCH_ALL_EXCEPTION_TYPES,
    /** Caught exception types that are no failure of the call (InterruptedException). Exact. */
    NOT_FAILURE_EXCEPTION_TYPES,
    /** Name beginnings of a call that puts a failed item back to be tried again (requeue, resubmit, retryLater), case-insensitively. Regex alternatives. */
    REQUEUE_CALL_NAMES,
    /** Name beginnings of a call that takes an item from a queue (poll, dequeue, receive), case-insensitively. Regex alternatives. */
    TAKE_CALL_NAMES,
    /** Name beginnings of a call that gives an item to a queue (offer, push, enqueue), case-insensitively. Regex alternatives. */
    GIVE_CALL_NAMES,
    /** Words that make a give call a dead-letter or failure path rather than a put-back (deadLetter, reject, park), anywhere in its name, case-insensitively. Regex alternatives. */
    NOT_GIVE_WORDS,
    /** Name beginnings of a call that acknowledges a received message (ack, acknowledge), case-insensitively. Regex alternatives. */
    ACK_CALL_NAMES,
    /** Name beginnings of a call that publishes a message (publish, send, enqueue), case-insensitively. Regex alternatives. */
    PUBLISH_CALL_NAMES,
    /** Status values that park an item for good (DEAD, FAILED, EXHAUSTED): a write of one at the retry bound is a dead-letter path. Whole values, case-insensitive. Regex alternatives. */
    DEAD_LETTER_STATES,
    /** Words of a call that parks an item or raises an alarm at the retry bound (deadLetter, alert, markFailed), anywhere in its name, case-insensitively. Regex alternatives. */
    DEAD_LETTER_CALL_WORDS,
    /** Words of a call that takes an item out of the queue on a failure path (deadLetter, reject, quarantine, skip), anywhere in its name, case-insensitively. Regex alternatives. */
    FAILURE_PATH_EXIT_WORDS,
    /** Words of a caught exception type saying the work was done before (DuplicateKeyException, AlreadyExistsException), anywhere in its name, case-insensitively. Regex alternatives. */
    DONE_BEFORE_WORDS,
    /** Name beginnings of a call that sends a message to a broker (send, convertAndSend, produce): in a loop receiving from a dead-letter queue, one is a replay, case-insensitively. Regex alternatives. */
    BROKER_SEND_CALL_NAMES,
    /** Words of a condition or of a call's text that count deliveries or replays (deliveryCount, redeliver, attempt), found anywhere in it, case-insensitively: a dead-letter replay reading or carrying one is bounded. Regex alternatives. */
    DELIVERY_COUNT_WORDS,
    /** Whole names of a retry policy's calls that throw or refuse at the policy's own ceiling (continueOrPropagate, canRetry, nextBackOff): a catch handing the failure to one is bounded. Regex alternatives, case-sensitive. */
    RETRY_POLICY_CALLS,
    /** Whole names of a generic step call (next) that is a retry policy's call only on a receiver whose name holds a word of {@link #RETRY_POLICY_RECEIVER_WORDS}. Regex alternatives, case-sensitive. */
    RETRY_POLICY_STEP_CALLS,
    /** Words of a receiver's text (lower case) that make it a retry policy or back-off (retr, backoff, policy). Substrings. */
    RETRY_POLICY_RECEIVER_WORDS,
    /** Calls that read whether a message was delivered before (isRedelivered, getRedelivered), found anywhere in a condition: a condition reading one bounds a put-back. Regex alternatives, case-sensitive. */
    REDELIVERED_FLAG_CALLS,
    /** Words of a column compared with a bound in a SELECT's WHERE ({@code retry_count < 5}, {@code attempts <= ?}), read as {@code (?i)\b\w*(WORDS)\w*\s*(<|<=|>|>=|!=)}: the table's rows are selected with a retry ceiling. Regex alternatives. */
    RETRY_COLUMN_WORDS,
    /** Status values of a failed row a sweep selects to put back (FAILED, ERROR), as a quoted literal in a WHERE on a status column, case-insensitively. Regex alternatives. */
    FAILURE_STATES,
    /** Methods of the JDK's own collections that store an element in memory (add, offer, put): on a receiver the index cannot resolve, such a call is no send. Exact method names. */
    COLLECTION_STORE_METHODS,
    /** Calls (as Type.method, the type by simple name, project subtypes included) that prepare a branch of a two-phase commit: the branch then holds its locks in doubt until the coordinator decides. */
    IN_DOUBT_PREPARE_CALLS,
    /** Calls (as Type.method) that list the in-doubt branches of a resource manager so a coordinator can finish them after a crash. */
    IN_DOUBT_RECOVER_CALLS,
    /** Name beginnings of a call that drops an entry from the store a loop iterates (remove, delete, evict), case-insensitively. Regex alternatives. */
    STORE_REMOVE_CALL_NAMES,
    /** Calls (as Type.method, the type as written at the call) that throw when their first argument is false: a statement {@code Assert.isTrue(cond, ..)} guards what follows it like {@code if (!cond) throw}. Exact. */
    ASSERTION_GUARD_CALLS,
    /** Calls (as Type.method, the receiver's declared type by simple name, project subtypes included) that begin a transaction by hand ({@code PlatformTransactionManager.getTransaction}); it stays open until a commit call of {@link #TRANSACTION_COMMIT_CALLS}. Exact. */
    TRANSACTION_BEGIN_CALLS,
    /** Calls (as Type.method, as for {@link #TRANSACTION_BEGIN_CALLS}) that commit a transaction begun by hand. Exact. */
    TRANSACTION_COMMIT_CALLS,
    /** Names of a table whose rows are locks, not work items (job_lock, t_scheduler_lock, shedlock): a row of one read {@code FOR UPDATE} inside a transaction is a database lock held until the commit. The whole table name (schema prefix dropped), case-insensitively. Regex alternatives. */
    LOCK_TABLE_NAMES,
    /** Types whose constructor opens a local file for append when its last argument is {@code true}
     * ({@code new FileWriter(path, true)}, {@code new FileOutputStream(f, true)}). Exact simple names. */
    APPEND_FILE_OPENERS,
    /** Calls that write to a writer or stream ({@code write}, {@code println}); on one opened for append they append
     * to the file. Exact method names. */
    STREAM_WRITE_CALLS,
    /** Endings of a project interface's simple name that say it is a client of another system ({@code *Client},
     * {@code *Gateway}, {@code *Api}); with no implementation in the sources a call on it is likely an effect. Name
     * patterns ({@code *Suffix}). */
    REMOTE_TYPE_SUFFIXES,
    /** Methods of such a remote-named interface that configure or manage the client rather than ask the other system
     * to do something ({@code close}, {@code isEnabled}, {@code setTimeout}). Name patterns. */
    REMOTE_CLIENT_LOCAL_CALLS,
    /** Words of a payment or SMS SDK method's name (split at camel-case boundaries, lower case) that make the call a
     * read wherever they stand ({@code refundQuery}, {@code entPayQueryV3}, {@code getTransferBatch}). Exact. */
    SDK_READ_WORDS;

    /** {@link #key()}, computed once: every {@code Catalog.terms} lookup (several per call in the rules) asks for it. */
    private final String key = camelCase(name());

    /** The key in catalog.json: the constant's name in lower camel case ({@code IN_PROGRESS_STATES} → inProgressStates). */
    public String key() {
        return key;
    }

    private static String camelCase(String constant) {
        StringBuilder sb = new StringBuilder();
        boolean up = false;
        for (char c : constant.toLowerCase(Locale.ROOT).toCharArray()) {
            if (c == '_') {
                up = true;
            } else {
                sb.append(up ? Character.toUpperCase(c) : c);
                up = false;
            }
        }
        return sb.toString();
    }

    /** The constant whose key is {@code key}, or null. */
    public static Vocabulary ofKey(String key) {
        for (Vocabulary v : values()) {
            if (v.key().equals(key)) {
                return v;
            }
        }
        return null;
    }
}
