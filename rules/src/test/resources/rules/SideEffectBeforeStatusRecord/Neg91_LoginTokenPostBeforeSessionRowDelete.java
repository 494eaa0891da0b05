// An OAuth login exchanges the one-time code for a token (a POST) and then replaces the user's session row (a DELETE, then an insert). The method runs for the caller's own request: no job, listener or webhook reaches it, and the deleted session row is no work item a later run selects, so the DELETE is no record of a gap: no finding.
package com.example.neg91;

import org.apache.ibatis.annotations.Delete;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestTemplate;

@RestController
public class OAuthLoginController {

    private final RestTemplate rest;
    private final SessionMapper sessions;

    public OAuthLoginController(RestTemplate rest, SessionMapper sessions) {
        this.rest = rest;
        this.sessions = sessions;
    }

    @PostMapping("/login/oauth2")
    public String login(@RequestParam String code, @RequestParam long userId) {
        String token = rest.postForObject("https://idp.example.com/token?code=" + code, null, String.class);
        sessions.deleteByUser(userId);
        sessions.insertSession(userId, token);
        return token;
    }
}

@Mapper
interface SessionMapper {

    @Delete("DELETE FROM t_session WHERE user_id = #{userId}")
    int deleteByUser(@Param("userId") long userId);

    @Insert("INSERT INTO t_session (user_id, token) VALUES (#{userId}, #{token})")
    int insertSession(@Param("userId") long userId, @Param("token") String token);
}
