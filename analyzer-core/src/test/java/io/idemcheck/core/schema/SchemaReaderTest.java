package io.idemcheck.core.schema;

import io.idemcheck.core.discovery.SourceDiscovery;

import io.idemcheck.core.finding.Diagnostic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SchemaReaderTest {

    @TempDir
    Path dir;

    private static final String MYSQL_DUMP = """
            -- MySQL dump 10.13  Distrib 8.0.36, for Linux (x86_64)
            /*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;
            /*!40101 SET NAMES utf8mb4 */;
            SET FOREIGN_KEY_CHECKS = 0;
            DROP TABLE IF EXISTS `t_order`;
            /*!40101 SET @saved_cs_client     = @@character_set_client */;
            CREATE TABLE `t_order` (
              `id` bigint unsigned NOT NULL AUTO_INCREMENT COMMENT 'primary key; generated',
              `order_no` varchar(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL COMMENT 'business no',
              `task_id` bigint NOT NULL,
              `gmt_create` datetime NOT NULL DEFAULT CURRENT_TIMESTAMP ON UPDATE CURRENT_TIMESTAMP,
              PRIMARY KEY (`id`),
              UNIQUE KEY `uk_order_no` (`order_no`),
              KEY `idx_task` (`task_id`) USING BTREE
            ) ENGINE=InnoDB AUTO_INCREMENT=1001 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci COMMENT='orders; one per task';
            LOCK TABLES `t_order` WRITE;
            INSERT INTO `t_order` VALUES (1,'A;1',7,'2024-01-01 00:00:00');
            UNLOCK TABLES;
            CREATE TABLE `t_ledger` (
              `id` bigint NOT NULL AUTO_INCREMENT,
              `user_id` bigint NOT NULL,
              `biz_date` date NOT NULL,
              PRIMARY KEY (`id`),
              UNIQUE INDEX `uk_user_day` (`user_id`, `biz_date`),
              KEY (`user_id`)
            ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 ROW_FORMAT=DYNAMIC;
            DELIMITER ;;
            CREATE TRIGGER trg BEFORE INSERT ON t_order FOR EACH ROW BEGIN SET NEW.task_id = 1; END ;;
            DELIMITER ;
            ALTER TABLE t_ledger DROP INDEX uk_user_day;
            ALTER TABLE t_order ADD UNIQUE KEY uk_task (task_id), ADD KEY idx_x (gmt_create);
            """;

    @Test
    void readsARealisticMysqlDump() {
        Schema s = SchemaReader.fromSql("dump.sql", MYSQL_DUMP);
        assertThat(s.diagnostics()).isEmpty();
        Table order = s.table("T_ORDER");
        assertThat(order).isNotNull();
        assertThat(order.line()).isEqualTo(7);
        assertThat(order.dialect()).isEqualTo(Dialect.MYSQL);
        assertThat(order.column("id").generated()).isTrue();
        assertThat(order.primaryKey().columns()).containsExactly("id");
        assertThat(order.surrogate(order.primaryKey())).isTrue();
        assertThat(order.businessKeys()).extracting(UniqueKey::columns)
                .containsExactly(List.of("order_no"), List.of("task_id"));
        Table ledger = s.table("t_ledger");
        assertThat(ledger.businessKeys()).isEmpty();
        assertThat(ledger.line()).isEqualTo(19);
    }

    @Test
    void readsPostgresqlDdl() {
        Schema s = SchemaReader.fromSql("pg.sql", """
                CREATE TABLE IF NOT EXISTS public.charge (
                    id BIGSERIAL PRIMARY KEY,
                    request_id VARCHAR(64) NOT NULL,
                    amount NUMERIC(18, 2),
                    created_at TIMESTAMPTZ DEFAULT now()
                );
                CREATE TABLE notice (
                    id bigint GENERATED ALWAYS AS IDENTITY,
                    user_id bigint NOT NULL,
                    notice_type text NOT NULL,
                    CONSTRAINT notice_pk PRIMARY KEY (id),
                    UNIQUE (user_id, notice_type)
                );
                CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS uk_charge_request ON ONLY public.charge USING btree (request_id);
                CREATE OR REPLACE FUNCTION f() RETURNS trigger AS $$ BEGIN RETURN NEW; END; $$ LANGUAGE plpgsql;
                ALTER TABLE ONLY notice DROP CONSTRAINT notice_user_id_notice_type_key;
                """);
        assertThat(s.diagnostics()).isEmpty();
        Table charge = s.table("charge");
        assertThat(charge.dialect()).isEqualTo(Dialect.POSTGRESQL);
        assertThat(charge.column("id").generated()).isTrue();
        assertThat(charge.businessKeys()).extracting(UniqueKey::columns).containsExactly(List.of("request_id"));
        Table notice = s.table("notice");
        assertThat(notice.column("id").generated()).isTrue();
        assertThat(notice.businessKeys()).isEmpty();
    }

    @Test
    void readsH2Ddl() {
        Schema s = SchemaReader.fromSql("h2.sql", """
                CREATE TABLE reminder (
                  id BIGINT IDENTITY PRIMARY KEY,
                  user_id BIGINT NOT NULL,
                  notice_type VARCHAR(16),
                  send_day DATE
                );
                CREATE TABLE payout (id BIGINT AUTO_INCREMENT PRIMARY KEY, payout_no VARCHAR(32) UNIQUE);
                ALTER TABLE reminder ADD CONSTRAINT uk_reminder UNIQUE (user_id, notice_type, send_day);
                ALTER TABLE payout DROP CONSTRAINT payout_payout_no_key;
                """);
        assertThat(s.diagnostics()).isEmpty();
        assertThat(s.table("reminder").column("id").generated()).isTrue();
        assertThat(s.table("reminder").businessKeys()).extracting(UniqueKey::name).containsExactly("uk_reminder");
        assertThat(s.table("payout").businessKeys()).isEmpty();
        assertThat(s.table("reminder").dedupes(List.of("user_id", "notice_type", "send_day", "x"))).isTrue();
        assertThat(s.table("reminder").dedupes(List.of("user_id", "notice_type"))).isFalse();
    }

    @Test
    void aNaturalPrimaryKeyIsABusinessKey() {
        Schema s = SchemaReader.fromSql("x.sql", "CREATE TABLE idem (idem_key VARCHAR(64) PRIMARY KEY, v INT);");
        assertThat(s.table("idem").businessKeys()).extracting(UniqueKey::columns).containsExactly(List.of("idem_key"));
    }

    @Test
    void anUnparseableStatementIsADiagnosticAndTheRestIsRead() {
        Schema s = SchemaReader.fromSql("bad.sql", """
                CREATE TABLE a (id INT PRIMARY KEY, code VARCHAR(8) UNIQUE);

                CREATE TABLE broken (id INT,, this is not ( sql;
                CREATE TABLE b (id INT PRIMARY KEY, 'semi;colon' VARCHAR(8));
                CREATE TABLE c (id BIGINT AUTO_INCREMENT PRIMARY KEY, c_no VARCHAR(8), UNIQUE KEY uk (c_no));
                """);
        assertThat(s.diagnostics()).hasSize(2).allSatisfy(d -> {
            assertThat(d.kind()).isEqualTo(Diagnostic.Kind.SQL_UNPARSED);
            assertThat(d.path()).isEqualTo("bad.sql");
        });
        assertThat(s.diagnostics()).extracting(Diagnostic::line).containsExactly(3, 4);
        assertThat(s.table("a")).isNotNull();
        assertThat(s.table("broken")).isNull();
        assertThat(s.table("c").businessKeys()).extracting(UniqueKey::name).containsExactly("uk");
    }

    @Test
    void flywayMigrationsApplyInVersionOrder() throws IOException {
        Path mig = Files.createDirectories(dir.resolve("src/main/resources/db/migration"));
        Files.writeString(mig.resolve("V1__init.sql"), "CREATE TABLE t (id INT AUTO_INCREMENT PRIMARY KEY, k INT);");
        Files.writeString(mig.resolve("V1.1__uk.sql"), "CREATE UNIQUE INDEX uk_k ON t (k);");
        Files.writeString(mig.resolve("V1.2__drop.sql"), "DROP INDEX uk_k ON t;");
        Files.writeString(mig.resolve("V9__uk2.sql"), "ALTER TABLE t ADD CONSTRAINT uk_k2 UNIQUE (k);");
        Files.writeString(mig.resolve("V10__drop2.sql"), "ALTER TABLE t DROP INDEX uk_k2;");
        Files.writeString(mig.resolve("V11__add_col.sql"), "ALTER TABLE t ADD COLUMN biz_no VARCHAR(8) NOT NULL UNIQUE;");
        Files.writeString(dir.resolve("src/main/resources/schema.sql"), "CREATE TABLE t (id INT, other INT);");
        try (var s = Files.walk(dir)) {
            List<Path> res = s.filter(p -> p.toString().endsWith(".sql")).sorted().toList();
            Schema schema = SchemaReader.read(dir, SourceDiscovery.discoverWithYaml(List.of(dir), dir).yaml(), res, null);
            assertThat(schema.diagnostics()).isEmpty();
            Table t = schema.table("t");
            assertThat(t.relPath()).isEqualTo("src/main/resources/db/migration/V1__init.sql");
            assertThat(t.businessKeys()).extracting(UniqueKey::columns).containsExactly(List.of("biz_no"));
        }
        assertThat(SchemaReader.version("V1.2__x.sql")).containsExactly(1L, 2L);
        assertThat(SchemaReader.version("V2_1__x.sql")).containsExactly(2L, 1L);
    }

    @Test
    void liquibaseXmlAndYaml() throws IOException {
        Path res = Files.createDirectories(dir.resolve("src/main/resources/db/changelog"));
        Files.writeString(res.resolve("a-changelog.xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <databaseChangeLog xmlns="http://www.liquibase.org/xml/ns/dbchangelog">
                  <changeSet id="1" author="me">
                    <createTable tableName="t_charge">
                      <column name="id" type="BIGINT" autoIncrement="true">
                        <constraints primaryKey="true" nullable="false"/>
                      </column>
                      <column name="charge_no" type="VARCHAR(64)"/>
                    </createTable>
                    <createTable tableName="t_mail">
                      <column name="id" type="BIGINT" autoIncrement="true"><constraints primaryKey="true"/></column>
                      <column name="user_id" type="BIGINT"/>
                      <column name="mail_day" type="DATE"/>
                    </createTable>
                  </changeSet>
                  <changeSet id="2" author="me">
                    <addUniqueConstraint tableName="t_charge" columnNames="charge_no" constraintName="uk_charge_no"/>
                    <createIndex tableName="t_mail" indexName="uk_mail" unique="true">
                      <column name="user_id"/><column name="mail_day"/>
                    </createIndex>
                    <dropIndex tableName="t_mail" indexName="uk_mail"/>
                  </changeSet>
                </databaseChangeLog>
                """);
        Files.writeString(res.resolve("b-changelog.yaml"), """
                databaseChangeLog:
                  - changeSet:
                      id: 3
                      author: me
                      changes:
                        - createTable:
                            tableName: t_notify
                            columns:
                              - column:
                                  name: id
                                  type: BIGINT
                                  autoIncrement: true
                                  constraints:
                                    primaryKey: true
                              - column:
                                  name: request_id
                                  type: VARCHAR(64)
                        - createIndex:
                            tableName: t_notify
                            indexName: uk_req
                            unique: true
                            columns:
                              - column:
                                  name: request_id
                """);
        Schema s = SchemaReader.read(dir, SourceDiscovery.discoverWithYaml(List.of(dir), dir).yaml(), List.of(res.resolve("a-changelog.xml")), null);
        assertThat(s.diagnostics()).isEmpty();
        assertThat(s.table("t_charge").line()).isEqualTo(4);
        assertThat(s.table("t_charge").origin()).isEqualTo(Table.Origin.LIQUIBASE);
        assertThat(s.table("t_charge").businessKeys()).extracting(UniqueKey::name).containsExactly("uk_charge_no");
        assertThat(s.table("t_mail").businessKeys()).isEmpty();
        Table notify = s.table("t_notify");
        assertThat(notify.relPath()).isEqualTo("src/main/resources/db/changelog/b-changelog.yaml");
        assertThat(notify.line()).isEqualTo(6);
        assertThat(notify.column("id").generated()).isTrue();
        assertThat(notify.businessKeys()).extracting(UniqueKey::columns).containsExactly(List.of("request_id"));
    }

    @Test
    void insertIsEffectFollowsTheSchema() {
        Schema s = SchemaReader.fromSql("s.sql", """
                CREATE TABLE a (id BIGINT AUTO_INCREMENT PRIMARY KEY, biz_no VARCHAR(8), UNIQUE KEY uk (biz_no));
                CREATE TABLE b (id BIGINT AUTO_INCREMENT PRIMARY KEY, biz_no VARCHAR(8));
                """);
        var classifier = new io.idemcheck.core.sql.SqlClassifier(io.idemcheck.core.catalog.Catalog.load());
        java.util.function.Function<String, io.idemcheck.core.sql.SqlStatement> st = sql ->
                new io.idemcheck.core.sql.SqlStatement(io.idemcheck.core.sql.SqlStatement.Source.JDBC_STRING, null,
                        null, "x", "X.java", io.idemcheck.core.facts.Range.NONE, List.of(classifier.classify(sql)),
                        false);
        assertThat(s.insertIsEffect(st.apply("INSERT INTO a (biz_no) VALUES (?)"))).isFalse();
        assertThat(s.insertIsEffect(st.apply("INSERT IGNORE INTO a (biz_no) VALUES (?)"))).isFalse();
        assertThat(s.insertIsEffect(st.apply("INSERT IGNORE INTO b (biz_no) VALUES (?)"))).isTrue();
        assertThat(s.insertIsEffect(st.apply("INSERT INTO b (biz_no) VALUES (?) ON DUPLICATE KEY UPDATE biz_no = ?")))
                .isTrue();
        assertThat(s.insertIsEffect(st.apply("INSERT INTO c (biz_no) VALUES (?)"))).isNull();
        assertThat(s.insertIsEffect(st.apply("UPDATE a SET biz_no = ?"))).isNull();
    }
}
