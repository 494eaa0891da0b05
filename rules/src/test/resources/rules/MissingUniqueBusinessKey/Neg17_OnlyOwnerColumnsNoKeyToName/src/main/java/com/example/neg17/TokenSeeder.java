// Each row is a token a user holds; a user may hold several. Nothing among the written columns says what a row is
// made for beyond its owner (user_id), so there is no key to propose and nothing is reported.
package com.example.neg17;

import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.springframework.scheduling.annotation.Scheduled;

public class TokenSeeder {

    private UserMapper users;
    private TokenMapper tokens;

    @Scheduled(cron = "0 0 3 * * *")
    public void rotate() {
        for (Long userId : users.selectActive()) {
            tokens.insertToken(userId, java.util.UUID.randomUUID().toString());
        }
    }
}

@Mapper
interface UserMapper {
    @Select("SELECT id FROM t_user WHERE state = 'ACTIVE'")
    List<Long> selectActive();
}

@Mapper
interface TokenMapper {
    @Insert("INSERT INTO t_access_token (user_id, token) VALUES (#{userId}, #{token})")
    int insertToken(@Param("userId") long userId, @Param("token") String token);
}
