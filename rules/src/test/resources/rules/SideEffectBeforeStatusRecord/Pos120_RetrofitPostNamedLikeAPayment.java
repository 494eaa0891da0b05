// The twin of Neg113 with the credit mapped to @POST: the partner credits the user, before the row is marked SYNCED;
// a crash between them credits again: finding on creditUser.
package com.example.pos120;

import retrofit2.Call;
import retrofit2.Retrofit;
import retrofit2.http.POST;
import retrofit2.http.Path;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class CreditSyncJob {

    private final UserMapper users;
    private final CreditApi credits;

    public CreditSyncJob(UserMapper users) {
        this.users = users;
        this.credits = new Retrofit.Builder().baseUrl("https://credit.example.com/").build().create(CreditApi.class);
    }

    @Scheduled(fixedDelay = 60_000)
    public void run() throws Exception {
        for (User u : users.selectPending()) {
            credits.creditUser(u.getName()).execute(); // expect: IDEM001 "calls a remote service"
            users.markSynced(u.getId());
        }
    }
}

@Mapper
interface UserMapper {

    @Select("SELECT id, name FROM t_user WHERE sync_status = 'PENDING'")
    List<User> selectPending();

    @Update("UPDATE t_user SET sync_status = 'SYNCED' WHERE id = #{id}")
    int markSynced(@Param("id") long id);
}

class User {
    private long id;
    private String name;

    public long getId() { return id; }
    public String getName() { return name; }
}

interface CreditApi {
    @POST("credits/{user}")
    Call<Void> creditUser(@Path("user") String user);
}
